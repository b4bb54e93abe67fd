import { invalidField } from '../domain/errors.js';
import { parseBody } from '../domain/requests/parse.js';
import { MAX_TAG_LENGTH } from '../tasks/task-service.js';
import { TASK_OPERATION_SPECS } from '../tasks/task-operations.js';
import type { FieldPlanner } from './field-planners.js';
import { keywordRowsArgs, taskListArgs } from './task-args.js';

/** The task fields' share of the operation plan (field-planners.ts): reading tasks makes no source call by itself,
 * but a `Task.keywords` page is a list of Keywords whose nested views (dynamics, regions, top) do. */
const keywordRows: FieldPlanner = (a) => ({ calls: [], storedKeywords: keywordRowsArgs(a.first, a.after) });

export const TASK_FIELD_PLANNERS: Readonly<Record<string, FieldPlanner>> = {
  'Query.task': (a) => ({ calls: [], tasks: { kind: 'one', id: String(a.id) } }),
  'Query.tasks': (a) => {
    const page = taskListArgs(a.first, a.after);
    return { calls: [], fanout: page.first, tasks: { kind: 'page', status: a.status ?? undefined, ...page } };
  },
  'Task.keywords': keywordRows,
  'Task.keywordPage': keywordRows,
  // The body a task post checks (its 10,000-keyword limit, each keyword's rule): a bad alias is refused before
  // any task of the operation is created. (The postback URL needs a DNS look-up: the resolver checks it.)
  'Mutation.createSearchVolumeTask': (a) => {
    if (a.tag != null && a.tag.length > MAX_TAG_LENGTH) throw invalidField('tag', `tag must be a string of at most ${MAX_TAG_LENGTH} characters`);
    parseBody(TASK_OPERATION_SPECS.search_volume.schema, {
      keywords: a.keywords,
      ...(a.locationCode == null ? {} : { location_code: a.locationCode }),
      ...(a.languageCode == null ? {} : { language_code: a.languageCode }),
    });
    return { calls: [], creates: 1 };
  },
};
