/** The second shard of the story catalogue's render test (what it checks: tests/unit/all-stories.test.tsx). */
import { describeStories, storyShard } from './support/stories'

describeStories(await storyShard(1, 2))
