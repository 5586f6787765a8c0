// The demo stories a newcomer can play from the demo badge (demo mode only): what each is called,
// and the IPC argument. What each does to the numbers is the demo service's (service/demo-stories.ts).
import { z } from 'zod'

export const DEMO_STORIES = ['drop', 'migration', 'exit', 'price-move'] as const
export type DemoStory = (typeof DEMO_STORIES)[number]

/** The control's words for each story, and for ending it. */
export const DEMO_STORY_LABELS: Record<DemoStory | 'recover', string> = {
  drop: 'a TVL drop',
  migration: 'an issuer migration',
  exit: 'an issuer exit',
  'price-move': 'a price move',
  recover: 'back to normal',
}

export const demoStoryRequestSchema = z
  .object({ story: z.enum([...DEMO_STORIES, 'recover']) })
  .strict()
export type DemoStoryRequest = z.infer<typeof demoStoryRequestSchema>

/** The story playing on the demo data: which, on what symbol, and what the user will see. */
export interface DemoStoryView {
  story: DemoStory
  symbol: string
  /** Since when (ISO): the story's values start here. */
  since: string
  /** "TSLA loses 25 % of its TVL now: …" */
  line: string
}
