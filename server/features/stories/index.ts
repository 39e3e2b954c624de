export { presentStorySummary, type StoryRow } from './presentStory';
export { storyColumns, visibleStories } from './services/storyQuery';
