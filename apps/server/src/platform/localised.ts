/** A localised text in `language`, else English, else any. */
export function pickText(text: Record<string, string>, language: string): string {
  return text[language] ?? text.en ?? Object.values(text)[0] ?? '';
}
