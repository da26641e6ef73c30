import { and, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { schema } from '@db/client';
import { CREATION_TYPES, type CreationType } from '../../contract/creation-types';

/**
 * What each kind of creation is called on its card, in both languages (the SPA's
 * creation-type-labels.ts and its catalogues say the same), so "sketch" or 素描 finds the cards
 * titled Sketch even when the prompt never says it.
 */
const TYPE_NAMES = {
  TEXT_TO_IMAGE: ['Text to image', '文字生圖'],
  IMAGE_TO_IMAGE: ['Image editing', '圖片編輯'],
  FACE_SWAP: ['Avatar builder', '頭像製作'],
  LOGO_GENERATION: ['Logo generation', '標誌生成'],
  ID_PHOTO_GENERATION: ['ID photo', '證件照'],
  PROFESSIONAL_PORTRAIT: ['Professional portrait', '專業人像'],
  POP_ART_PORTRAIT: ['Pop art portrait', '普普風人像'],
  ANIME_STYLE: ['Anime style', '動漫風格'],
  OIL_PAINTING: ['Oil painting', '油畫'],
  WATERCOLOR: ['Watercolor', '水彩'],
  SKETCH_STYLE: ['Sketch', '素描'],
  CYBERPUNK: ['Cyberpunk', '賽博龐克'],
  RESTORED_IMAGE: ['Photo restoration', '老照片修復'],
  UPSCALED_IMAGE: ['Image upscaler', '圖片放大'],
} as const satisfies Record<CreationType, readonly [string, string]>;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const segmenter = new Intl.Segmenter('zh-Hant', { granularity: 'word' });

/**
 * The words of a search, in any order: split at spaces, and a run of Chinese split into its words
 * (Intl.Segmenter: 紅狐狸雪林 → 紅, 狐狸, 雪林), punctuation dropped, each word once.
 */
export function searchWords(query: string): string[] {
  const words: string[] = [];
  for (const token of query.trim().split(/\s+/u).filter(Boolean)) {
    if (!CJK.test(token)) {
      words.push(token);
      continue;
    }
    for (const part of segmenter.segment(token)) if (part.isWordLike) words.push(part.segment);
  }
  return [...new Set(words.map((w) => w.toLowerCase()))];
}

/** The kinds of creation whose card name contains `word` (in either language). */
export function typesNamed(word: string): CreationType[] {
  const lower = word.toLowerCase();
  return CREATION_TYPES.filter((type) => TYPE_NAMES[type].some((name) => name.toLowerCase().includes(lower)));
}

/** `%`, `_` and `\\` are ILIKE's own characters: a search for "50%" means the text "50%". */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Every word of the search is in the record's prompt, in the user's own words or in its card's name,
 * in any order and case-insensitively. A trigram index (migration 0016) serves each ILIKE where
 * PostgreSQL has pg_trgm; only the user's own rows are read either way.
 */
export function matchesSearch(query: string): SQL | undefined {
  const r = schema.creationRecords;
  const each = searchWords(query).map((word) => {
    const pattern = likeLiteral(word);
    const types = typesNamed(word);
    return or(ilike(r.prompt, pattern), ilike(r.userWords, pattern), types.length ? inArray(r.type, types) : undefined);
  });
  return each.length ? and(...each) : undefined;
}
