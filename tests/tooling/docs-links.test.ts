// The docs point at what is there: README's and the docs' relative links (and #anchors) lead to
// files and headings that exist, every repository path they name in backticks exists, and the
// command-line reference lists every condition kind `check --help-conditions` prints.
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { conditionKinds } from '../../src/shared/condition-kinds'
import { root } from '../cli/run-cli'
import { docProblems, headingSlug } from './doc-paths'

const DOCS = [
  'README.md',
  'docs/cli.md',
  'docs/ARCHITECTURE.md',
  'docs/DEVELOPING.md',
  'tests/README.md',
  'tests/browser/README.md',
]

describe('the docs', () => {
  it.each(DOCS)('%s: links, anchors and backticked paths exist', (doc) => {
    expect(docProblems(root, doc)).toEqual([])
  })

  it('README leads to the CLI reference, the architecture and the developer notes', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    for (const target of ['docs/cli.md', 'docs/ARCHITECTURE.md', 'docs/DEVELOPING.md']) {
      expect(readme).toContain(`](${target})`)
    }
    expect(readFileSync(join(root, 'docs/cli.md'), 'utf8')).toContain('](../README.md)')
  })

  it('README shows a screenshot small enough for a README', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('](docs/images/watchlist.png)')
    expect(statSync(join(root, 'docs/images/watchlist.png')).size).toBeLessThan(200 * 1024)
  })

  it('docs/cli.md names every condition kind with its example', () => {
    const cli = readFileSync(join(root, 'docs/cli.md'), 'utf8')
    for (const k of conditionKinds()) {
      expect(cli).toContain(`**${k.kind}**`)
      expect(cli).toContain(`--rule '${JSON.stringify(k.example)}'`)
    }
  })

  // The checker itself: a document with each kind of mistake is caught, a right one is not.
  it('reports a broken link, a missing anchor and a path that names nothing', () => {
    const probe = [
      '# Probe',
      'See [the reference](cli.md), [packaging](ARCHITECTURE.md#packaging) and [here](#probe).',
      'Broken: [gone](nowhere.md), [anchor](cli.md#no-such-heading), [there](#nowhere),',
      '`src/main/no-such-file.ts`,',
      '`src/main/{cli,no-such-dir}/`, and `README.md/` as a folder.',
      'Not paths: `faketime`, `dist/`, `npm run build`, `src/shared/<kind>-condition.ts`.',
      '```sh',
      'cat src/in-a-code-block/is-not-checked.ts',
      '```',
    ].join('\n')
    const problems = docProblems(root, 'docs/probe.md', probe).map((p) => p.problem)
    expect(problems).toEqual([
      'link to nowhere.md (docs/nowhere.md does not exist)',
      'link to cli.md#no-such-heading (no heading with that anchor)',
      'link to #nowhere (no heading with that anchor)',
      '`src/main/no-such-file.ts` names src/main/no-such-file.ts, which does not exist',
      '`src/main/{cli,no-such-dir}/` names src/main/no-such-dir/, which does not exist',
      '`README.md/` names README.md/ as a folder, but it is a file',
    ])
  })

  it('makes anchors as GitHub does', () => {
    expect(headingSlug('`check --json`')).toBe('check---json')
    expect(headingSlug('The local service: faults and scenarios')).toBe(
      'the-local-service-faults-and-scenarios',
    )
  })
})
