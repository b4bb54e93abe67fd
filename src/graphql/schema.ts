import { builder } from './builder.js';
import './types/scalars.js';
import './types/enums.js';
import './types/top.js';
import './types/dynamics.js';
import './types/regions.js';
import './types/keyword.js';
import './types/suggestions.js';
import './types/account.js';
import './types/region-search.js';
import './types/task.js';

/** The executable schema: type files register themselves on the builder. */
export const schema = builder.toSchema({ sortSchema: false });
