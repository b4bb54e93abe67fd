import { z } from 'zod';

/** The schemas that become `components.schemas` of the OpenAPI document (a registry of its own, not zod's global one). */
export const openApiComponents = z.registry<{ id: string }>();

/** Registers `schema` as the named component and returns it (use it inline: refs are generated). */
export function component<T extends z.ZodType>(schema: T, id: string): T {
  openApiComponents.add(schema, { id });
  return schema;
}
