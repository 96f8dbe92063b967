/** Test helper: the first message per field of a safeParse result, `{}` when it passed. */
export function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const map: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    if (!(key in map)) map[key] = issue.message;
  }
  return map;
}
