export { presentStorySummary, type StoryRow } from './presentStory';
export { STORY_SUMMARY } from './responses';
export { storyColumns, visibleStories } from './services/storyQuery';
