import { z } from 'zod';

/** What the tutorials keep of a video: its view count, and its channel's name and id. */
export interface YoutubeVideoFacts {
  viewCount: number | null;
  channelTitle: string | null;
  channelId: string | null;
}

/**
 * The YouTube Data API v3, as far as tutorials need it. `videos` answers the facts of the videos
 * the API knows (a private or deleted video is simply missing from the map) and throws when the
 * API cannot be reached or answers an error. The API key never appears in an error or a log line.
 */
export interface YoutubeClient {
  videos(ids: readonly string[]): Promise<Map<string, YoutubeVideoFacts>>;
}

export interface YoutubeConfig {
  /** YOUTUBE_API_KEY. */
  apiKey: string;
  /** YOUTUBE_API_BASE (default https://www.googleapis.com): tests point it at a local server. */
  apiBase: string;
}

export const YOUTUBE_DEFAULT_BASE = 'https://www.googleapis.com';
/** The API takes at most 50 ids per call. */
export const YOUTUBE_MAX_IDS = 50;
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 2 * 1024 * 1024;

const videosAnswer = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z
          .object({ channelTitle: z.string().optional(), channelId: z.string().optional() })
          .optional(),
        statistics: z.object({ viewCount: z.union([z.string(), z.number()]).optional() }).optional(),
      }),
    )
    .default([]),
});

export class YoutubeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'YoutubeError';
  }
}

function toCount(value: string | number | undefined): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** `GET {base}/youtube/v3/videos?part=snippet,statistics&id=...&key=...`, 50 ids a call, 10 s each. */
export function createYoutubeClient(config: YoutubeConfig, fetchImpl: typeof fetch = fetch): YoutubeClient {
  const base = config.apiBase.replace(/\/+$/, '');
  return {
    async videos(ids) {
      const facts = new Map<string, YoutubeVideoFacts>();
      const unique = [...new Set(ids)];
      for (let i = 0; i < unique.length; i += YOUTUBE_MAX_IDS) {
        const chunk = unique.slice(i, i + YOUTUBE_MAX_IDS);
        const url = new URL(`${base}/youtube/v3/videos`);
        url.searchParams.set('part', 'snippet,statistics');
        url.searchParams.set('id', chunk.join(','));
        url.searchParams.set('key', config.apiKey);
        let res: Response;
        try {
          res = await fetchImpl(url, {
            headers: { accept: 'application/json' },
            signal: AbortSignal.timeout(TIMEOUT_MS),
            redirect: 'error',
          });
        } catch {
          throw new YoutubeError('YouTube Data API unreachable');
        }
        if (!res.ok) {
          await res.body?.cancel();
          throw new YoutubeError(`YouTube Data API answered ${res.status}`);
        }
        const text = await res.text();
        if (text.length > MAX_BYTES) throw new YoutubeError('YouTube Data API answer too large');
        let parsed: z.infer<typeof videosAnswer>;
        try {
          parsed = videosAnswer.parse(JSON.parse(text));
        } catch {
          throw new YoutubeError('YouTube Data API answer not understood');
        }
        for (const item of parsed.items) {
          if (!chunk.includes(item.id)) continue;
          facts.set(item.id, {
            viewCount: toCount(item.statistics?.viewCount),
            channelTitle: item.snippet?.channelTitle?.slice(0, 100) || null,
            channelId: item.snippet?.channelId?.slice(0, 64) || null,
          });
        }
      }
      return facts;
    },
  };
}
