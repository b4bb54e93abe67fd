/** What a workbook answer says about itself (the JSON a face shows instead of the file's bytes). */
export interface WorkbookSummary {
  file_name: string;
  content_type: string;
  lang: 'ru' | 'en';
  /** Rows of each table sheet. */
  rows: Record<string, number>;
  /** core_clean's counts of the verdicts shown, and the specialist's edits: verdicts edited, phrases moved to another cluster. */
  counts: { keep: number; review: number; drop: number; duplicates: number; edited: number; moved: number };
  addressable_volume: number | null;
}

/** Where a face keeps the file for its caller (MCP: a resource to read with resources/read). */
export interface FileLink {
  uri: string;
  name: string;
  mimeType: string;
  size: number;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An operation's answer that is a file, not JSON: REST streams its bytes as the response, MCP keeps them as a
 * resource and links it. Written only when read (`chunks()`), so a face that does not want the bytes pays nothing
 * for them; its JSON form (`toJSON`) is the summary.
 */
export class WorkbookFile {
  constructor(
    readonly summary: WorkbookSummary,
    private readonly produce: () => AsyncIterable<Uint8Array>,
  ) {}

  /** Set by a face that kept the bytes for its caller (MCP's resource link). */
  link: FileLink | undefined;

  /** The bytes as they are written (once per call: each call writes the workbook again). */
  chunks(): AsyncIterable<Uint8Array> {
    return this.produce();
  }

  toJSON(): WorkbookSummary & { resource_link?: FileLink } {
    return this.link ? { ...this.summary, resource_link: this.link } : this.summary;
  }
}
