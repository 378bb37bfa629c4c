let nextUid = 1;

/** What the server answers to an upload: one stored entry per file part of the call's form. */
export function storedFiles(form: FormData | undefined) {
  const files = (form?.getAll('file') ?? []).map((file) => {
    const uid = `uid-${nextUid++}`;
    return { uid, name: (file as File).name, status: 'done', url: `/api/v1/files/${uid}` };
  });
  return { file_url: files[0]?.url ?? '', files };
}

/** A File whose size says what the test needs without allocating it. */
export function fileOfSize(name: string, bytes: number, type = 'application/pdf'): File {
  const file = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}
