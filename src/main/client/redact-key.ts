// The API key cut out of text wherever it stands as a token (a header value, a URL part, a word of
// its own), never out of the middle of other words: "unavailable" stays whole under a key
// "navailab", and a message never shows where a key would have been inside a word.

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** `text` with every token-standing `key` replaced by "[API key]". */
export function redactKey(text: string, key: string, mark = '[API key]'): string {
  if (key === '' || !text.includes(key)) return text
  // Not flanked by a letter or digit: a key is a token of its own, a word piece is not.
  const token = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(key)}(?![\\p{L}\\p{N}])`, 'gu')
  return text.replace(token, mark)
}
