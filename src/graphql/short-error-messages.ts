import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Longest name quoted back in a validation message; a client's own text is not echoed at any length. */
const MAX_QUOTED = 60;
const QUOTED = new RegExp(`"([^"]{${MAX_QUOTED}})[^"]+"`, 'g');

/**
 * graphql-js quotes the client's field and argument names in its validation messages ("Cannot query field
 * "r…" on type "Mutation""): a 50,000-letter name came back as a 50 KB answer. Quoted names are cut to
 * MAX_QUOTED characters; the error is otherwise unchanged.
 */
export function useShortErrorMessages(): Plugin {
  return {
    onValidate() {
      return ({ result, setResult }) => {
        if (!result.some((error) => QUOTED.test(error.message))) return;
        setResult(
          result.map((error) => {
            QUOTED.lastIndex = 0;
            if (!QUOTED.test(error.message)) return error;
            const message = error.message.replace(QUOTED, (_match: string, kept: string) => `"${kept}…"`);
            return new GraphQLError(message, { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path, originalError: error.originalError, extensions: error.extensions });
          }),
        );
      };
    },
  };
}
