import { describe, expect, it } from 'vitest';
import {
  FACE_SWAP_CATEGORIES,
  FACE_SWAP_HEADINGS,
  FACE_SWAP_OFFLINE,
  FACE_SWAP_OPTION_KEYS,
  FACE_SWAP_OPTIONS,
  FACE_SWAP_PREFIX,
  compileFaceSwapDescription,
  compileFaceSwapPrompt,
  faceSwapOption,
  faceSwapOptionsIn,
  faceSwapValue,
} from './face-swap';
import { faceSwapRequestSchema, resolveFaceSwap } from './face-swap-request';
import { FACE_SWAP_VALUE_LABELS, faceSwapValueLabel } from './face-swap-labels';
import { PROMPT_MAX } from './generation';

/** Spec §3's option names, category by category. */
const SPEC = {
  role: [
    'gender',
    'age',
    'expression',
    'eye_color',
    'hair_style',
    'hair_color',
    'beard',
    'nationality',
    'body_weight',
    'face_shape',
    'facial_feature_details',
    'eye_features',
    'ears',
    'skin_details',
    'skin_texture_effect',
    'clothing_style',
    'clothing_texture',
    'head_accessories',
  ],
  photography: [
    'camera_type',
    'lens_type',
    'focal_length',
    'aperture',
    'shutter_speed',
    'iso',
    'white_balance',
    'focus_mode',
    'exposure_mode',
    'shooting_mode',
    'shooting_angle',
    'pose',
  ],
  style: [
    'shot_type',
    'imaging_style',
    'artistic_style',
    'art_effect',
    'depth_of_field',
    'photo_effect',
    'special_effect',
    'post_processing_style',
  ],
  environment: ['environment_atmosphere', 'light_style', 'light_direction', 'background', 'background_effect', 'background_blur'],
};

describe('face swap option catalogue', () => {
  it('has exactly the spec options, in its four categories and order', () => {
    for (const category of FACE_SWAP_CATEGORIES) expect(faceSwapOptionsIn(category).map((o) => o.key)).toEqual(SPEC[category]);
  });

  it('has one option per key of the key list, in its order', () => {
    expect(FACE_SWAP_OPTIONS.map((o) => o.key)).toEqual([...FACE_SWAP_OPTION_KEYS]);
  });

  it('gives every value a unique id, a phrase and labels in both languages', () => {
    for (const option of FACE_SWAP_OPTIONS) {
      expect(option.values.length).toBeGreaterThanOrEqual(3);
      expect(new Set(option.values.map((v) => v.value)).size).toBe(option.values.length);
      for (const value of option.values) {
        expect(value.value).toMatch(/^[a-z0-9_]+$/);
        expect(value.phrase.trim()).toBe(value.phrase);
        const [en, zh] = FACE_SWAP_VALUE_LABELS[option.key]![value.value]!;
        expect(en.length).toBeGreaterThan(0);
        expect(zh.length).toBeGreaterThan(0);
        // A phrase sits in a comma list inside one sentence: no commas, no full stops ending it early.
        expect(value.phrase).not.toMatch(/,|\.\s/);
      }
    }
  });

  it('keeps every phrase unique within its category, so a prompt reads back unambiguously', () => {
    for (const category of FACE_SWAP_CATEGORIES) {
      const phrases = faceSwapOptionsIn(category).flatMap((o) => o.values.map((v) => v.phrase));
      expect(new Set(phrases).size).toBe(phrases.length);
    }
  });

  it('lists about 150 nationalities (spec), each with a Chinese country name', () => {
    const nationalities = faceSwapOption('nationality')!.values;
    expect(nationalities.length).toBeGreaterThanOrEqual(150);
    expect(nationalities.length).toBeLessThanOrEqual(200);
    expect(faceSwapValue('nationality', 'jp')).toEqual({ value: 'jp', phrase: 'Japanese' });
    expect(faceSwapValueLabel('nationality', faceSwapValue('nationality', 'jp')!, 'zh-Hant')).toBe('日本');
    expect(faceSwapValueLabel('nationality', faceSwapValue('nationality', 'tw')!, 'zh-Hant')).toBe('台灣');
    expect(faceSwapValueLabel('nationality', faceSwapValue('nationality', 'tw')!, 'en')).toBe('Taiwanese');
    for (const value of nationalities) expect(faceSwapValueLabel('nationality', value, 'zh-Hant')).toMatch(/^[\u4e00-\u9fff]+$/);
  });

  it("labels exactly the catalogue's values, no more", () => {
    for (const [key, values] of Object.entries(FACE_SWAP_VALUE_LABELS)) {
      for (const value of Object.keys(values)) expect(faceSwapValue(key, value), `${key}=${value}`).toBeDefined();
    }
  });

  it('names only real options and values as applied offline', () => {
    for (const [key, values] of Object.entries(FACE_SWAP_OFFLINE)) {
      for (const value of values!) expect(faceSwapValue(key, value), `${key}=${value}`).toBeDefined();
    }
  });
});

describe('face swap prompt compilation', () => {
  it('puts the user text first, then the phrases under the four headed sentences joined by commas', () => {
    const description = compileFaceSwapDescription('A portrait for my profile page', {
      background: 'beach',
      hair_color: 'platinum',
      gender: 'female',
      camera_type: 'full_frame_dslr',
      aperture: 'f1_8',
      artistic_style: '',
      photo_effect: 'film_grain',
      light_style: 'golden_hour',
    });
    expect(description).toBe(
      'A portrait for my profile page. ' +
        'Character features: a woman, platinum blonde hair. ' +
        'Photographic characteristics: shot on a full-frame DSLR, aperture f/1.8. ' +
        'Stylistic features: analogue film grain. ' +
        'Environmental characteristics: golden hour sunlight, a sunny beach.',
    );
  });

  it("skips empty categories and the text when there is none, and keeps the text's own full stop", () => {
    expect(compileFaceSwapDescription('', { eye_color: 'green' })).toBe('Character features: green eyes.');
    expect(compileFaceSwapDescription('更酷一點。', {})).toBe('更酷一點。');
    expect(compileFaceSwapDescription('更酷一點', { eye_color: 'green' })).toBe('更酷一點。 Character features: green eyes.');
    expect(compileFaceSwapDescription('  ', {})).toBe('');
  });

  it('ignores unknown options and values instead of writing them into the prompt', () => {
    expect(compileFaceSwapDescription('', { eye_color: 'plaid', wings: 'yes', hair_color: 'red' })).toBe(
      'Character features: copper red hair.',
    );
  });

  it('prefixes the edit and the generate prompt with their own identity-preserving instruction', () => {
    const edit = compileFaceSwapPrompt('edit', 'Character features: green eyes.');
    const generate = compileFaceSwapPrompt('generate', 'Character features: green eyes.');
    expect(edit).toBe(`${FACE_SWAP_PREFIX.edit}\n\nCharacter features: green eyes.`);
    expect(generate.startsWith(FACE_SWAP_PREFIX.generate)).toBe(true);
    for (const prefix of Object.values(FACE_SWAP_PREFIX)) expect(prefix).toMatch(/identity, likeness and facial structure/);
    expect(FACE_SWAP_PREFIX.edit).toMatch(/only the changes listed/);
    // A description that already carries a prefix is not prefixed twice.
    expect(compileFaceSwapPrompt('edit', edit)).toBe(edit);
  });

  it('stays within the workbench prompt limit with every option chosen and the longest text', () => {
    const everything = Object.fromEntries(
      FACE_SWAP_OPTIONS.map((o) => [o.key, o.values.reduce((a, b) => (b.phrase.length > a.phrase.length ? b : a)).value]),
    );
    const prompt = compileFaceSwapPrompt('edit', compileFaceSwapDescription('x'.repeat(2000), everything));
    expect(prompt.length).toBeLessThanOrEqual(PROMPT_MAX);
    for (const category of FACE_SWAP_CATEGORIES) expect(prompt).toContain(`${FACE_SWAP_HEADINGS[category]}: `);
  });
});

describe('face swap request validation', () => {
  const parse = (value: unknown) => faceSwapRequestSchema.safeParse(value);
  const field = (value: unknown) => {
    const result = parse(value);
    return result.success ? null : result.error.issues[0]!.path.join('.');
  };

  it('accepts options as an object (JSON) or a JSON string (multipart), blanks meaning not chosen', () => {
    expect(parse({ options: { hair_color: 'blonde', eye_color: '' } }).data?.options).toEqual({ hair_color: 'blonde', eye_color: '' });
    expect(parse({ options: '{"hair_color":"blonde"}' }).data?.options).toEqual({ hair_color: 'blonde' });
    expect(parse({ options: '' }).success).toBe(true);
  });

  it('refuses a value outside the catalogue naming the option, or an unknown option, naming options', () => {
    expect(field({ options: { hair_color: 'plaid' } })).toBe('options.hair_color');
    // An unknown key is the caller's own text: the error names the options field, not the key.
    expect(field({ options: '{"wings":"yes"}' })).toBe('options');
    expect(field({ options: 'not json' })).toBe('options');
    expect(field({ options: { hair_color: 7 } })).toBe('options.hair_color');
    expect(field({ extra: 'x'.repeat(2001) })).toBe('extra');
  });

  it('compiles on the server, prefers the description approved in the Preview modal, and needs text or an option', () => {
    const compiled = resolveFaceSwap('edit', { extra: 'for my CV', options: { hair_color: 'black', eye_color: '' } });
    expect(compiled.prompt).toBe(`${FACE_SWAP_PREFIX.edit}\n\nfor my CV. Character features: jet black hair.`);
    expect(compiled.selection).toEqual({ hair_color: 'black' });
    const edited = resolveFaceSwap('generate', {
      options: { hair_color: 'black' },
      prompt: 'Character features: jet black hair, a scar over the left eye.',
    });
    expect(edited.prompt).toBe(`${FACE_SWAP_PREFIX.generate}\n\nCharacter features: jet black hair, a scar over the left eye.`);
    // The prefix cannot be edited away or doubled: a sent prefix is replaced by the mode's own.
    expect(resolveFaceSwap('edit', { prompt: `${FACE_SWAP_PREFIX.generate}\n\nsmile` }).prompt).toBe(`${FACE_SWAP_PREFIX.edit}\n\nsmile`);
    expect(() => resolveFaceSwap('edit', { extra: ' ', options: { hair_color: '' } })).toThrow(/choose at least one option/);
  });
});
