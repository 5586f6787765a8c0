// Lists in plain words, one way for every message: "Ondo", "Ondo and Swarm", "Ondo, Swarm and Dinari".

export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}
