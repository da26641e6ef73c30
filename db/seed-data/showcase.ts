/**
 * The seeded showcase: each image was rendered from its prompt by the offline engine
 * (`npm run render:showcase` writes web/public/showcase/<slug>.webp from this list).
 */
export interface ShowcaseSeed {
  id: string;
  imageUrl: string;
  title: string;
  prompt: string;
  description: string;
  style: 'realistic' | 'artistic' | 'anime' | 'cartoon' | 'abstract';
  width: number;
  height: number;
  featured: boolean;
  sortOrder: number;
}

const item = (slug: string, title: string, prompt: string, description: string, style: ShowcaseSeed['style'], size: [number, number], featured: boolean, sortOrder: number): ShowcaseSeed => ({
  id: `shw_${slug.replace(/-/g, '_')}`,
  imageUrl: `/showcase/${slug}.webp`,
  title,
  prompt,
  description,
  style,
  width: size[0],
  height: size[1],
  featured,
  sortOrder,
});

const SQUARE: [number, number] = [1024, 1024];
const PORTRAIT: [number, number] = [832, 1248];
const LANDSCAPE: [number, number] = [1248, 832];

export const showcaseSeed: ShowcaseSeed[] = [
  item('sunset-alps', 'Alpine sunset', 'Golden hour sunset over snowy alpine mountains, a calm lake reflecting pink clouds, soft haze, wide landscape photograph', 'Layered ridges fade into a warm sky while the lake holds the last light — a study in atmospheric perspective and quiet colour.', 'realistic', LANDSCAPE, true, 10),
  item('neon-rain', 'Neon rain', 'Cyberpunk city at night in the rain, neon signs in pink and cyan, towering skyline, wet streets glowing', 'A dense skyline lit by hundreds of windows and a neon horizon line, with rain streaking across the frame.', 'anime', PORTRAIT, true, 20),
  item('garden-cat', 'Garden watcher', 'A curious cat sitting in a blooming flower garden under a bright blue sky with fluffy clouds, cartoon style', 'A playful cartoon scene: a cat surveys a meadow full of tiny blossoms on a perfect spring day.', 'cartoon', SQUARE, true, 30),
  item('ringed-planet', 'Ringed planet', 'A violet ringed planet floating in deep space among thousands of stars, cosmic and serene', 'Painterly deep space with a glowing ringed planet — made for wallpapers and album covers.', 'artistic', SQUARE, true, 40),
  item('desert-dusk', 'Desert at dusk', 'Rolling desert dunes at dusk with a huge setting sun and a purple sky, minimal and warm', 'Soft dunes in amber and umber stack towards the horizon under a big evening sun.', 'realistic', LANDSCAPE, false, 50),
  item('pine-lake', 'Pine lake morning', 'Morning over a quiet lake surrounded by pine forest and distant blue mountains, peaceful nature photography', 'Evergreens crowd the shore of a still lake while the morning sky brightens above the hills.', 'realistic', LANDSCAPE, false, 60),
  item('winter-peaks', 'Winter peaks', 'Snowy winter mountains under a starry night sky with a bright full moon, cold blue tones', 'Moonlight on snowfields and a sky full of stars — the stillness of a winter night.', 'artistic', PORTRAIT, false, 70),
  item('harbour-city', 'Harbour city', 'A modern city skyline by the sea at sunset, lights coming on in the buildings, reflections on the water', 'Where the city meets the harbour: warm windows, a sunset sky and long reflections on the water.', 'realistic', LANDSCAPE, false, 80),
  item('sakura-path', 'Sakura garden', 'Pink cherry blossom garden in spring, flowers everywhere, soft daylight, anime background art', 'A bright anime-style backdrop full of pink blossoms, ready for a story to begin.', 'anime', SQUARE, false, 90),
  item('astronaut-dreams', 'Astronaut dreams', 'Portrait of an astronaut silhouette against a galaxy with a ringed planet and glowing stars', 'A lone explorer framed by a violet planet and a field of stars.', 'artistic', PORTRAIT, false, 100),
  item('abstract-flow', 'Colour flow', 'Abstract composition of flowing shapes in violet, pink and cyan, bold geometric forms', 'Circles, bars and ribbons collide in a bold abstract palette.', 'abstract', SQUARE, false, 110),
  item('golden-abstract', 'Golden geometry', 'Abstract golden geometry with floating circles and ribbons on a dark background', 'A warm, golden take on the abstract style — great as a poster or a phone wallpaper background.', 'abstract', PORTRAIT, false, 120),
  item('rainy-forest', 'Rain in the forest', 'A misty pine forest in the rain with fog rolling over the hills, moody and quiet', 'Fog and rain soften the pines into layers of green and grey.', 'artistic', LANDSCAPE, false, 130),
  item('dog-beach', 'Beach day', 'A happy dog on the beach by the ocean waves on a sunny day, cartoon illustration', 'Sun, sea and a very good dog — a cheerful cartoon for kids’ books and cards.', 'cartoon', LANDSCAPE, false, 140),
  item('night-birds', 'Night flight', 'Birds flying over a moonlit lake and mountains at night, stars reflected in the water', 'A flock crosses the moon above a mirror-still lake.', 'anime', SQUARE, false, 150),
  item('city-dawn', 'City at dawn', 'A quiet city at sunrise with golden light on the buildings and a pink sky', 'The city wakes up in pink and gold — calm streets before the rush.', 'realistic', SQUARE, false, 160),
];
