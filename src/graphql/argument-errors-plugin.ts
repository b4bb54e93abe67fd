import { type ArgumentNode, type DocumentNode, GraphQLError, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';

interface ArgumentSpan {
  name: string;
  start: number;
  end: number;
}

/** Where each argument's value sits in the document text. */
function argumentSpans(document: DocumentNode): ArgumentSpan[] {
  const spans: ArgumentSpan[] = [];
  visit(document, {
    Argument(node: ArgumentNode) {
      if (node.value.loc) spans.push({ name: node.name.value, start: node.value.loc.start, end: node.value.loc.end });
    },
  });
  return spans;
}

/**
 * A validation error found inside an argument's value (an invalid `Date` literal, an unknown enum value, a
 * string where an Int belongs, a variable of the wrong type) is the client's bad input, not a malformed
 * document: BAD_USER_INPUT, HTTP 400 whatever the Accept header, with the argument named in the message and
 * in `extensions.field`, as spec/graphql.md asks and as REST names the field. Other validation errors
 * (unknown fields, syntax) keep graphql's own code.
 */
export function useArgumentErrors(): Plugin {
  return {
    onValidate({ params }) {
      return ({ valid, result, setResult }) => {
        if (valid) return;
        let spans: ArgumentSpan[] | undefined;
        setResult(
          result.map((error) => {
            const at = error.nodes?.[0]?.loc?.start;
            // Validation results are cached per document: an error named on a first pass comes back named.
            if (at === undefined || error.extensions?.code === 'BAD_USER_INPUT') return error;
            spans ??= argumentSpans(params.documentAST);
            // The innermost argument holding the error (directive arguments inside fields are innermost too).
            const argument = spans.filter((s) => s.start <= at && at < s.end).sort((a, b) => a.end - a.start - (b.end - b.start))[0];
            if (!argument) return error;
            return new GraphQLError(`${argument.name}: ${error.message}`, {
              nodes: error.nodes,
              source: error.source,
              positions: error.positions,
              originalError: error.originalError,
              extensions: { code: 'BAD_USER_INPUT', field: argument.name, http: { status: 400, spec: false } },
            });
          }),
        );
      };
    },
  };
}
