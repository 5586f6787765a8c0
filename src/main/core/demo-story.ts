// The demo badge's "Try a story": plays a story on the embedded demo service's data, or ends it.
// Refused on any other source: a live service's figures are never bent.
import type { DemoStoryRequest, DemoStoryView } from '../../shared/demo-stories'
import { DEMO_STORY_LABELS } from '../../shared/demo-stories'
import { LiquidityError } from '../../shared/errors'
import type { DataSource } from './data-source'

/** The story now playing (null: none, or after 'recover'). */
export function playDemoStory(
  data: Pick<DataSource, 'current'>,
  watchlist: readonly string[],
  req: DemoStoryRequest,
): DemoStoryView | null {
  const stories = data.current().connection.stories
  if (!stories)
    throw new LiquidityError(
      'invalid-argument',
      'Demo stories play on the demo data only; this app is connected to a live service.',
    )
  if (req.story === 'recover') {
    stories.recover()
    return null
  }
  const playing = stories.play(req.story, watchlist)
  if (!playing)
    throw new LiquidityError(
      'invalid-argument',
      `No watched symbol of the demo data suits ${DEMO_STORY_LABELS[req.story]}: add TSLA (or another demo stock) to the watchlist first.`,
    )
  return playing
}
