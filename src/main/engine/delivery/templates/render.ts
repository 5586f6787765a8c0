// A contact point's title and body from its LiquidJS templates (Uptime Kuma's engine: templates
// hold no code, only output, filters, conditions and loops). A template that fails (a mistake, an
// unknown filter, too slow or too big) never sends nothing: the default text goes, with the error
// in plain words for the delivery log and the Settings preview.
import { Liquid } from 'liquidjs'
import type { ContactPoint } from '../../../../shared/contact-points'
import type { OutboundMessage } from '../model'
import { templateFields } from './fields'

/** Limits of one render: output length (longer is clipped), time and memory (an error). */
export const MAX_TITLE_CHARS = 250
export const MAX_BODY_CHARS = 4000
export const RENDER_LIMIT_MS = 200
const MEMORY_LIMIT = 1_000_000

export interface RenderedMessage {
  title: string
  body: string
  /** Why the template was not used (the default text is in title and body), or null. */
  error: string | null
}

export interface MessageTemplate {
  title: string | null
  body: string | null
}

// One engine for all: `templates: {}` gives include/render/layout no files to read; unknown
// filters are mistakes; unknown variables print nothing (a field absent on an event is empty).
const engine = new Liquid({
  templates: {},
  strictFilters: true,
  strictVariables: false,
  ownPropertyOnly: true,
  parseLimit: 10_000,
  renderLimit: RENDER_LIMIT_MS,
  memoryLimit: MEMORY_LIMIT,
})

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/** LiquidJS's message made plain: its kind of problem and where, without a stack. */
export function templateErrorWords(which: 'title' | 'body', err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err)
  const where = /line:(\d+), col:(\d+)/.exec(raw)
  const at = where ? ` (line ${where[1]}, column ${where[2]})` : ''
  // LiquidJS quotes the token it stopped at, which can be the whole template: kept short.
  const core = clip(
    raw
      .replace(/,? ?line:\d+, col:\d+.*$/s, '')
      .replace(/\s+/g, ' ')
      .trim(),
    160,
  )
  let words: string
  if (/^undefined filter: (.+)$/.test(core))
    words = `uses a filter that does not exist: ${core.replace(/^undefined filter: /, '')}`
  else if (/memory alloc limit exceeded/.test(core)) words = 'makes too much text'
  else if (/template render limit exceeded/.test(core))
    words = `took longer than ${RENDER_LIMIT_MS} ms to fill in`
  else if (/parse length limit exceeded/.test(core)) words = 'is too long'
  else if (/ENOENT|Failed to lookup/.test(core))
    words = 'includes another template; contact point templates cannot include files'
  else words = `has a mistake: ${core}`
  return `The ${which} template ${words}${at}; the default text was sent.`
}

function renderOne(
  template: string | null,
  fields: object,
  which: 'title' | 'body',
): string | null {
  if (template === null || template.trim() === '') return null
  try {
    return engine.parseAndRenderSync(template, fields)
  } catch (err) {
    throw new Error(templateErrorWords(which, err), { cause: err })
  }
}

function renderWith(
  template: MessageTemplate,
  message: OutboundMessage,
  pointName: string,
): RenderedMessage {
  const fields = templateFields(message, pointName)
  const fallback = {
    title: clip(message.title, MAX_TITLE_CHARS),
    body: clip(message.body, MAX_BODY_CHARS),
  }
  try {
    const title = renderOne(template.title, fields, 'title')
    const body = renderOne(template.body, fields, 'body')
    // A title that fills in to nothing is no title: the default one goes.
    const t =
      title === null || title.trim() === '' ? fallback.title : clip(title.trim(), MAX_TITLE_CHARS)
    const b =
      body === null || body.trim() === '' ? fallback.body : clip(body.trim(), MAX_BODY_CHARS)
    return { title: t, body: b, error: null }
  } catch (err) {
    return { ...fallback, error: err instanceof Error ? err.message : String(err) }
  }
}

/** The title and body a contact point sends for a message: its templates, or the default text. */
export function renderMessage(point: ContactPoint, message: OutboundMessage): RenderedMessage {
  return renderWith(point.template, message, point.name)
}

/**
 * The live preview of templates being edited (Settings → Contact points): the same rendering, over
 * the last real message or a sample (sampleMessage in ./sample.ts).
 */
export function previewMessage(
  template: MessageTemplate,
  message: OutboundMessage,
  pointName = 'Preview',
): RenderedMessage {
  return renderWith(template, message, pointName)
}

/** previewMessage in the shape the Settings preview injects (core/template-preview.ts RenderTemplate). */
export function renderDraft(
  draft: MessageTemplate,
  message: OutboundMessage,
  point: Pick<ContactPoint, 'name'>,
): RenderedMessage {
  return renderWith(draft, message, point.name)
}
