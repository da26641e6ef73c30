import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * The seeded showcase's titles and descriptions in both languages, keyed by the seeded ids
 * (db/seed-data/showcase.ts). The showcase table has one text column each and the budget allows no
 * migration, so the translation lives in the catalogue; rows added later without an entry here are
 * shown as stored. showcase-text.test.ts keeps the English here equal to the seed.
 */
export const SHOWCASE_TEXT: Record<string, { title: MessageDescriptor; description: MessageDescriptor }> = {
  shw_sunset_alps: {
    title: msg`Alpine sunset`,
    description: msg`Layered ridges fade into a warm sky while the lake holds the last light — a study in atmospheric perspective and quiet colour.`,
  },
  shw_neon_rain: {
    title: msg`Neon rain`,
    description: msg`Hundreds of lit windows, humming signs and a rain-slicked street that doubles the skyline.`,
  },
  shw_garden_cat: {
    title: msg`Garden watcher`,
    description: msg`A playful cartoon scene: a cat surveys a meadow full of blossoms on a perfect spring day.`,
  },
  shw_ringed_planet: {
    title: msg`Ringed planet`,
    description: msg`Deep space in thick, painterly strokes: a glowing ringed world among nebulae — made for wallpapers and album covers.`,
  },
  shw_desert_dusk: {
    title: msg`Desert at dusk`,
    description: msg`Soft dunes in amber and violet stack towards the horizon under a big evening sun.`,
  },
  shw_pine_lake: {
    title: msg`Pine lake at dawn`,
    description: msg`Evergreens crowd the shore of a still lake while the first light warms the mist — every tree mirrored in the water below.`,
  },
  shw_winter_peaks: {
    title: msg`Winter peaks`,
    description: msg`Moonlight on snowfields and a sky full of stars — the stillness of a winter night, painted in cold blues.`,
  },
  shw_harbour_city: {
    title: msg`Harbour city`,
    description: msg`Where the city meets the harbour: warm windows, a sunset sky and long reflections on the water.`,
  },
  shw_sakura_path: {
    title: msg`Sakura hillside`,
    description: msg`A bright anime backdrop full of pink blossoms and drifting petals, ready for a story to begin.`,
  },
  shw_astronaut_dreams: {
    title: msg`Astronaut dreams`,
    description: msg`A lone explorer on an alien horizon, a ringed giant overhead and a sky thick with stars and violet nebulae — painted, not rendered.`,
  },
  shw_abstract_flow: { title: msg`Colour flow`, description: msg`Ribbons, discs and arcs collide in a bold abstract palette.` },
  shw_portrait_dusk: {
    title: msg`Golden silhouette`,
    description: msg`A profile cut out against the evening sun, the edge of the face and hair lit gold — a poster-ready portrait.`,
  },
  shw_rainy_forest: {
    title: msg`Rain in the forest`,
    description: msg`Fog and rain soften the pines into layers of green and grey, laid down in loose impressionist strokes.`,
  },
  shw_dog_beach: {
    title: msg`Beach day`,
    description: msg`Sun, sea and a very good dog — a cheerful cartoon for kids’ books and birthday cards.`,
  },
  shw_night_birds: { title: msg`Night flight`, description: msg`A flock crosses the moon above a mirror-still lake.` },
  shw_aurora_cabin: {
    title: msg`Aurora cabin`,
    description: msg`Green curtains of the aurora sweep over the pines while a lone cabin keeps its windows warm — winter at its most magical.`,
  },
};
