import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/*
 * A runtime check of an answer against the official client's own types: its model declarations
 * (dataforseo-client/dist/esm/models/*.d.ts, as shipped) are read with the TypeScript compiler, and every field of
 * the value the client parsed is checked against the declared type of that field, recursively through the models
 * it names (arrays, nested models, base classes). Fields the model does not declare pass (its
 * `[key: string]: any`: our extras); `null` passes everywhere (the format's "no data" value, which the generated
 * `T | undefined` types leave out: the vendor's own answers carry it).
 */

const modelsDir = join(dirname(createRequire(import.meta.url).resolve('dataforseo-client')), 'models');

type Shape = { base?: string; fields: Map<string, ts.TypeNode> };
const shapes = new Map<string, Shape>();

function shapeOf(model: string): Shape {
  let shape = shapes.get(model);
  if (shape) return shape;
  const file = join(modelsDir, `${model}.d.ts`);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  shape = { fields: new Map() };
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement) || statement.name?.text !== model) continue;
    const heritage = statement.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    if (heritage) shape.base = heritage.expression.getText(source);
    for (const member of statement.members) {
      if (ts.isPropertyDeclaration(member) && member.type && ts.isIdentifier(member.name)) shape.fields.set(member.name.text, member.type);
    }
  }
  shapes.set(model, shape);
  return shape;
}

function fieldType(model: string, field: string): ts.TypeNode | undefined {
  for (let m: string | undefined = model; m; m = shapeOf(m).base) {
    const type = shapeOf(m).fields.get(field);
    if (type) return type;
  }
  return undefined;
}

function checkType(type: ts.TypeNode, value: unknown, at: string, errors: string[]): void {
  if (value === null || value === undefined) return;
  switch (type.kind) {
    case ts.SyntaxKind.AnyKeyword:
    case ts.SyntaxKind.UnknownKeyword:
      return;
    case ts.SyntaxKind.StringKeyword:
      if (typeof value !== 'string') errors.push(`${at}: expected string, got ${JSON.stringify(value)}`);
      return;
    case ts.SyntaxKind.NumberKeyword:
      if (typeof value !== 'number') errors.push(`${at}: expected number, got ${JSON.stringify(value)}`);
      return;
    case ts.SyntaxKind.BooleanKeyword:
      if (typeof value !== 'boolean') errors.push(`${at}: expected boolean, got ${JSON.stringify(value)}`);
      return;
  }
  if (ts.isUnionTypeNode(type)) {
    const members = type.types.filter((t) => t.kind !== ts.SyntaxKind.UndefinedKeyword && !(ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword));
    const tries = members.map((m) => {
      const own: string[] = [];
      checkType(m, value, at, own);
      return own;
    });
    if (!tries.some((t) => t.length === 0)) errors.push(...(tries[0] ?? []));
    return;
  }
  if (ts.isArrayTypeNode(type)) {
    if (!Array.isArray(value)) return void errors.push(`${at}: expected an array, got ${JSON.stringify(value)}`);
    value.forEach((item, i) => checkType(type.elementType, item, `${at}[${i}]`, errors));
    return;
  }
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const name = type.typeName.text;
    if (name === 'Date') return;
    if (typeof value !== 'object' || Array.isArray(value)) return void errors.push(`${at}: expected a ${name} object, got ${JSON.stringify(value)}`);
    checkModel(name, value as Record<string, unknown>, at, errors);
    return;
  }
  if (ts.isTypeLiteralNode(type)) {
    if (typeof value !== 'object') errors.push(`${at}: expected an object`);
    return;
  }
  errors.push(`${at}: the checker does not know the type ${ts.SyntaxKind[type.kind]}`);
}

function checkModel(model: string, value: Record<string, unknown>, at: string, errors: string[]): void {
  for (const [field, fieldValue] of Object.entries(value)) {
    const type = fieldType(model, field);
    if (type) checkType(type, fieldValue, `${at}.${field}`, errors);
  }
}

/**
 * The fields of `value` (what the client returned, or the raw JSON) that do not match the client's model
 * `model`, as readable lines; empty when it matches.
 */
export function modelMismatches(model: string, value: unknown): string[] {
  const errors: string[] = [];
  const plain = structuredClone(value) as unknown; // own fields as parsed (a model's toJSON would drop the extras)
  if (plain === null || typeof plain !== 'object') return [`${model}: no object`];
  checkModel(model, plain as Record<string, unknown>, model, errors);
  return errors;
}
