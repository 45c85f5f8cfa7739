/** One file of a multipart form, written to a temporary file while it arrived. */
export interface UploadedFile {
  field: string;
  tempPath: string;
  bytes: number;
  filename: string;
}

/**
 * A multipart form as the server read it (plugins/uploads.ts): its text fields, and its files in
 * temporary files that the service moves into storage. Services take it without knowing HTTP.
 */
export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
  /** Removes every temporary file that was not moved into storage. */
  cleanup(): Promise<void>;
}
