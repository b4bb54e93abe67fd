// The list type now lives with the operations' presenters (src/operations/streamed-list.ts).
export { StreamedList } from '../operations/streamed-list.js';
