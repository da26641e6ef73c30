/**
 * The parts of a picture the renderer draws and can leave out (negative.ts reads them from the
 * negative prompt; compose.ts and the elements tally what they drew by part). A leaf module: the
 * drawing context and the negative prompt's reader both need it.
 */
export const OMITTABLE = [
  'trees',
  'mountains',
  'hills',
  'water',
  'beach',
  'desert',
  'clouds',
  'sun',
  'moon',
  'stars',
  'planets',
  'buildings',
  'city',
  'castle',
  'lighthouse',
  'cabin',
  'pagoda',
  'boats',
  'people',
  'animals',
  'birds',
  'flowers',
  'grass',
  'snow',
  'rain',
  'fog',
  'storm',
  'rainbow',
  'aurora',
  'lanterns',
  'fireflies',
  'blur',
  'grain',
  'vignette',
] as const;
export type Omittable = (typeof OMITTABLE)[number];
