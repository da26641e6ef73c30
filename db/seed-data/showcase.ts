/**
 * The seeded showcase: each image was rendered from its prompt by the offline engine
 * (`npm run render:showcase` writes web/public/showcase/<slug>.webp from this list, so the list is
 * the single source of truth for both the database rows and the files).
 */
export type ShowcaseStyle = 'realistic' | 'artistic' | 'anime' | 'cartoon' | 'abstract';

export interface ShowcaseSeed {
  id: string;
  imageUrl: string;
  title: string;
  prompt: string;
  description: string;
  style: ShowcaseStyle;
  width: number;
  height: number;
  featured: boolean;
  sortOrder: number;
}

/** The render seed for every showcase image: changing it changes every file. */
export const SHOWCASE_RENDER_SEED = 7;

const SQUARE: [number, number] = [1024, 1024];
const PORTRAIT: [number, number] = [832, 1248];
const LANDSCAPE: [number, number] = [1248, 832];

interface ItemSpec {
  slug: string;
  title: string;
  prompt: string;
  description: string;
  style: ShowcaseStyle;
  size: [number, number];
  featured?: boolean;
}

const ITEMS: ItemSpec[] = [
  {
    slug: 'sunset-alps',
    title: 'Alpine sunset',
    prompt:
      'Golden hour sunset over snowy alpine peaks, a calm mountain lake mirroring the pink and orange sky, soft haze between the ridges, wide landscape photograph',
    description:
      'Layered ridges fade into a warm sky while the lake holds the last light — a study in atmospheric perspective and quiet colour.',
    style: 'realistic',
    size: LANDSCAPE,
    featured: true,
  },
  {
    slug: 'neon-rain',
    title: 'Neon rain',
    prompt:
      'Cyberpunk city at night in the rain, a towering skyline glowing with neon signs in pink and cyan, wet streets reflecting every light, anime background art',
    description: 'Hundreds of lit windows, humming signs and a rain-slicked street that doubles the skyline.',
    style: 'anime',
    size: PORTRAIT,
    featured: true,
  },
  {
    slug: 'garden-cat',
    title: 'Garden watcher',
    prompt:
      'A curious ginger cat sitting in a blooming flower garden on rolling green hills, bright sunny sky with fluffy white clouds, cheerful cartoon illustration',
    description: 'A playful cartoon scene: a cat surveys a meadow full of blossoms on a perfect spring day.',
    style: 'cartoon',
    size: SQUARE,
    featured: true,
  },
  {
    slug: 'ringed-planet',
    title: 'Ringed planet',
    prompt:
      'A violet ringed planet drifting through deep space, glowing nebula clouds and thousands of stars around it, painterly cosmic scene with rich brush strokes',
    description: 'Deep space in thick, painterly strokes: a glowing ringed world among nebulae — made for wallpapers and album covers.',
    style: 'artistic',
    size: SQUARE,
    featured: true,
  },
  {
    slug: 'desert-dusk',
    title: 'Desert at dusk',
    prompt:
      'Rolling sand dunes in the desert at dusk, a huge setting sun sinking behind the crests, purple and amber sky, minimal and warm landscape photograph',
    description: 'Soft dunes in amber and violet stack towards the horizon under a big evening sun.',
    style: 'realistic',
    size: LANDSCAPE,
  },
  {
    slug: 'pine-lake',
    title: 'Pine lake at dawn',
    prompt:
      'Misty dawn over a quiet lake surrounded by pine forest and distant mountains, perfect reflections on still water, peaceful nature photography',
    description:
      'Evergreens crowd the shore of a still lake while the first light warms the mist — every tree mirrored in the water below.',
    style: 'realistic',
    size: LANDSCAPE,
  },
  {
    slug: 'winter-peaks',
    title: 'Winter peaks',
    prompt:
      'Snowy winter mountains under a starry night sky with a bright full moon, falling snow, cold blue tones, oil painting with expressive brush strokes',
    description: 'Moonlight on snowfields and a sky full of stars — the stillness of a winter night, painted in cold blues.',
    style: 'artistic',
    size: PORTRAIT,
  },
  {
    slug: 'harbour-city',
    title: 'Harbour city',
    prompt:
      'A modern city skyline by the sea at sunset, glass towers catching the last light, windows starting to glow while the harbour water mirrors the sky',
    description: 'Where the city meets the harbour: warm windows, a sunset sky and long reflections on the water.',
    style: 'realistic',
    size: LANDSCAPE,
  },
  {
    slug: 'sakura-path',
    title: 'Sakura hillside',
    prompt:
      'Pink cherry blossom trees in full bloom on a spring hillside, petals drifting on the breeze, soft daylight and fluffy clouds, anime background art',
    description: 'A bright anime backdrop full of pink blossoms and drifting petals, ready for a story to begin.',
    style: 'anime',
    size: SQUARE,
  },
  {
    slug: 'astronaut-dreams',
    title: 'Astronaut dreams',
    prompt:
      'An astronaut standing on a distant planet beneath a giant ringed world, glowing stars and violet nebula, dreamy painterly science fiction scene',
    description:
      'A lone explorer on an alien horizon, a ringed giant overhead and a sky thick with stars and violet nebulae — painted, not rendered.',
    style: 'artistic',
    size: PORTRAIT,
  },
  {
    slug: 'abstract-flow',
    title: 'Colour flow',
    prompt:
      'Abstract composition of flowing ribbons in violet, pink and cyan, bold geometric circles and arcs, energetic movement on a deep dark background',
    description: 'Ribbons, discs and arcs collide in a bold abstract palette.',
    style: 'abstract',
    size: SQUARE,
  },
  {
    slug: 'portrait-dusk',
    title: 'Golden silhouette',
    prompt:
      'Portrait of a woman in profile against a glowing sunset, her silhouette traced by a soft rim of golden light, cinematic and calm',
    description: 'A profile cut out against the evening sun, the edge of the face and hair lit gold — a poster-ready portrait.',
    style: 'realistic',
    size: PORTRAIT,
  },
  {
    slug: 'rainy-forest',
    title: 'Rain in the forest',
    prompt:
      'A misty pine forest in the rain with fog rolling over the hills, moody and quiet, muted greens and greys, impressionist oil painting',
    description: 'Fog and rain soften the pines into layers of green and grey, laid down in loose impressionist strokes.',
    style: 'artistic',
    size: LANDSCAPE,
  },
  {
    slug: 'dog-beach',
    title: 'Beach day',
    prompt:
      'A happy dog on a sunny tropical beach, turquoise ocean waves rolling in, palm trees swaying, bright cartoon illustration for a children’s book',
    description: 'Sun, sea and a very good dog — a cheerful cartoon for kids’ books and birthday cards.',
    style: 'cartoon',
    size: LANDSCAPE,
  },
  {
    slug: 'night-birds',
    title: 'Night flight',
    prompt:
      'A flock of birds flying over a moonlit lake and mountains at night, stars glittering above and reflected in the calm water, anime style',
    description: 'A flock crosses the moon above a mirror-still lake.',
    style: 'anime',
    size: SQUARE,
  },
  {
    slug: 'aurora-cabin',
    title: 'Aurora cabin',
    prompt:
      'Northern lights dancing over a snowy cabin in a pine forest, green aurora curtains across the winter night sky, warm light glowing in the windows',
    description:
      'Green curtains of the aurora sweep over the pines while a lone cabin keeps its windows warm — winter at its most magical.',
    style: 'realistic',
    size: LANDSCAPE,
  },
];

export const showcaseSeed: ShowcaseSeed[] = ITEMS.map((item, index) => ({
  id: `shw_${item.slug.replace(/-/g, '_')}`,
  imageUrl: `/showcase/${item.slug}.webp`,
  title: item.title,
  prompt: item.prompt,
  description: item.description,
  style: item.style,
  width: item.size[0],
  height: item.size[1],
  featured: item.featured ?? false,
  sortOrder: (index + 1) * 10,
}));
