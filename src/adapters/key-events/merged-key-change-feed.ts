import type { KeyChangeFeed } from '../../ports/key-changes.js';

/** Every change from every feed; live only while all of them are (one dead feed means changes can be missed). */
export function mergeKeyChangeFeeds(...feeds: KeyChangeFeed[]): KeyChangeFeed {
  return {
    subscribe(handlers) {
      const stops = feeds.map((feed) => feed.subscribe(handlers));
      return () => stops.forEach((stop) => stop());
    },
    isLive: () => feeds.every((feed) => feed.isLive()),
    async close() {
      await Promise.all(feeds.map((feed) => feed.close()));
    },
  };
}
