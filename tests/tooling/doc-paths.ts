// What a Markdown document points at in the repository: its relative links (and their #anchors)
// and the paths it names in backticks. docs-links.test.ts checks they exist, so the docs stay right
// when files move.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** Generated or installed, not the repository's own: a path under these is not checked. */
const GENERATED = new Set(['.git', 'node_modules', 'out', 'dist', 'test-results', 'coverage'])

/** Outside fenced code blocks (a shell example is not a claim about the tree). */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '')
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

function anchorsOf(markdown: string): Set<string> {
  const headings = prose(markdown).match(/^#{1,6} .*$/gm) ?? []
  return new Set(headings.map((h) => headingSlug(h.replace(/^#+ /, ''))))
}

/** `a/{b,c}/d` → a/b/d, a/c/d (one brace group, as the docs write a module family). */
function expandBraces(path: string): string[] {
  const m = /^(.*?)\{([^{}]*)\}(.*)$/.exec(path)
  return m ? m[2]!.split(',').map((part) => `${m[1]}${part}${m[3]}`) : [path]
}

/**
 * A backticked span that names a repository file or folder: no spaces or placeholders, and its
 * first segment is a top-level entry of the repository (so `faketime` or `dist/` are not).
 */
function repoPathsIn(span: string, topLevel: Set<string>): string[] {
  const path = span.replace(/^\.\//, '')
  if (!/^[\w.{},/-]+$/.test(path) || !path.includes('/')) return []
  if (!topLevel.has(path.split('/')[0]!)) return []
  return expandBraces(path)
}

export interface DocProblem {
  doc: string
  problem: string
}

/** Every relative link, anchor and backticked repository path of `doc` that points at nothing. */
export function docProblems(root: string, doc: string, markdown?: string): DocProblem[] {
  const source = markdown ?? readFileSync(join(root, doc), 'utf8')
  const text = prose(source)
  const here = dirname(join(root, doc))
  const topLevel = new Set(readdirSync(root).filter((e) => !GENERATED.has(e)))
  const problems: DocProblem[] = []
  const say = (problem: string): void => void problems.push({ doc, problem })

  for (const [, target] of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue // https:, mailto:
    const [file, anchor] = target!.split('#') as [string, string | undefined]
    if (file === '') {
      if (anchor && !anchorsOf(source).has(anchor))
        say(`link to ${target} (no heading with that anchor)`)
      continue
    }
    const abs = resolve(here, file)
    if (!existsSync(abs)) {
      say(`link to ${target} (${relative(root, abs)} does not exist)`)
      continue
    }
    if (anchor && abs.endsWith('.md') && !anchorsOf(readFileSync(abs, 'utf8')).has(anchor)) {
      say(`link to ${target} (no heading with that anchor)`)
    }
  }
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    for (const path of repoPathsIn(span!, topLevel)) {
      const bare = join(root, path.replace(/\/$/, ''))
      if (!existsSync(bare)) say(`\`${span}\` names ${path}, which does not exist`)
      else if (path.endsWith('/') && !statSync(bare).isDirectory()) {
        say(`\`${span}\` names ${path} as a folder, but it is a file`)
      }
    }
  }
  return problems
}
