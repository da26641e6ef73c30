/**
 * Face swap / avatar builder (spec §3 "Face-swap option catalogue"): the four option
 * categories, every option with its values, the English phrase each value adds to the prompt, and
 * the prompt builder with the fixed identity-preserving prefixes. Zod-free, runtime-agnostic plain
 * data and pure functions: the SPA draws its dropdowns from it, the API validates with the schemas
 * built from it (face-swap-request.ts), provider adapters compile their prompt with it, and the
 * offline engine receives the chosen values as typed data (contract/operations.ts), never a prompt.
 *
 * The values' labels in both languages are the catalogue's other half, face-swap-labels.ts, which
 * only the SPA imports (the Worker bundle has a size budget and never shows a label). Option and
 * category names are interface text and live in the .po (web/src/features/face-swap/labels.ts);
 * docs/decisions/017-face-swap.md says why.
 */

export const FACE_SWAP_CATEGORIES = ['role', 'photography', 'style', 'environment'] as const;
export type FaceSwapCategory = (typeof FACE_SWAP_CATEGORIES)[number];

/** The headed sentence each category's phrases are grouped under (spec §3). */
export const FACE_SWAP_HEADINGS: Record<FaceSwapCategory, string> = {
  role: 'Character features',
  photography: 'Photographic characteristics',
  style: 'Stylistic features',
  environment: 'Environmental characteristics',
};

export type FaceSwapMode = 'edit' | 'generate';

/**
 * The fixed instruction before the user's text and the phrases (spec §3): one for editing an uploaded
 * portrait, one for generating a portrait from words. The server always adds it, also to a prompt the
 * user edited in the Preview modal, so a request can never drop the identity instruction.
 */
export const FACE_SWAP_PREFIX: Record<FaceSwapMode, string> = {
  edit: "Edit the attached portrait photo. Preserve the person's identity, likeness and facial structure exactly: the same face shape, eyes, nose, mouth, proportions and skin. Apply only the changes listed below and keep everything else as it is in the photo.",
  generate:
    'Generate a photorealistic portrait of one person. Keep a single, consistent identity, likeness and facial structure, and apply only the features listed below.',
};

export interface FaceSwapValue {
  value: string;
  /** What the value adds to the prompt, in English (the models are prompted in English). */
  phrase: string;
}

/**
 * Every option key, in the order the page shows them and the prompt lists them: the list per-option
 * tables (the SPA's option names) are typed by. FACE_SWAP_OPTIONS has one entry per key (tested).
 */
export const FACE_SWAP_OPTION_KEYS = [
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
  'shot_type',
  'imaging_style',
  'artistic_style',
  'art_effect',
  'depth_of_field',
  'photo_effect',
  'special_effect',
  'post_processing_style',
  'environment_atmosphere',
  'light_style',
  'light_direction',
  'background',
  'background_effect',
  'background_blur',
] as const;
export type FaceSwapOptionKey = (typeof FACE_SWAP_OPTION_KEYS)[number];

export interface FaceSwapOption {
  key: FaceSwapOptionKey;
  category: FaceSwapCategory;
  values: readonly FaceSwapValue[];
}

const v = (value: string, phrase: string): FaceSwapValue => ({ value, phrase });
const option = (category: FaceSwapCategory, key: FaceSwapOptionKey, values: FaceSwapValue[]): FaceSwapOption => ({ key, category, values });

/** Nationalities (spec: about 150; 182 here): ISO region code and English demonym (the phrase). */
const NATIONALITIES: [string, string][] = [
  ['af', 'Afghan'],
  ['al', 'Albanian'],
  ['dz', 'Algerian'],
  ['us', 'American'],
  ['ar', 'Argentinian'],
  ['am', 'Armenian'],
  ['au', 'Australian'],
  ['at', 'Austrian'],
  ['az', 'Azerbaijani'],
  ['bs', 'Bahamian'],
  ['bh', 'Bahraini'],
  ['bd', 'Bangladeshi'],
  ['bb', 'Barbadian'],
  ['ls', 'Basotho'],
  ['by', 'Belarusian'],
  ['be', 'Belgian'],
  ['bz', 'Belizean'],
  ['bj', 'Beninese'],
  ['bt', 'Bhutanese'],
  ['bo', 'Bolivian'],
  ['ba', 'Bosnian'],
  ['bw', 'Botswanan'],
  ['br', 'Brazilian'],
  ['gb', 'British'],
  ['bn', 'Bruneian'],
  ['bg', 'Bulgarian'],
  ['bf', 'Burkinabe'],
  ['mm', 'Burmese'],
  ['bi', 'Burundian'],
  ['kh', 'Cambodian'],
  ['cm', 'Cameroonian'],
  ['ca', 'Canadian'],
  ['cv', 'Cape Verdean'],
  ['cf', 'Central African'],
  ['td', 'Chadian'],
  ['cl', 'Chilean'],
  ['cn', 'Chinese'],
  ['co', 'Colombian'],
  ['km', 'Comorian'],
  ['cg', 'Congolese'],
  ['cr', 'Costa Rican'],
  ['hr', 'Croatian'],
  ['cu', 'Cuban'],
  ['cy', 'Cypriot'],
  ['cz', 'Czech'],
  ['dk', 'Danish'],
  ['dj', 'Djiboutian'],
  ['do', 'Dominican'],
  ['nl', 'Dutch'],
  ['ec', 'Ecuadorian'],
  ['eg', 'Egyptian'],
  ['ae', 'Emirati'],
  ['gq', 'Equatorial Guinean'],
  ['er', 'Eritrean'],
  ['ee', 'Estonian'],
  ['et', 'Ethiopian'],
  ['fj', 'Fijian'],
  ['ph', 'Filipino'],
  ['fi', 'Finnish'],
  ['fr', 'French'],
  ['ga', 'Gabonese'],
  ['gm', 'Gambian'],
  ['ge', 'Georgian'],
  ['de', 'German'],
  ['gh', 'Ghanaian'],
  ['gr', 'Greek'],
  ['gd', 'Grenadian'],
  ['gt', 'Guatemalan'],
  ['gn', 'Guinean'],
  ['gy', 'Guyanese'],
  ['ht', 'Haitian'],
  ['hn', 'Honduran'],
  ['hk', 'Hongkonger'],
  ['hu', 'Hungarian'],
  ['ki', 'I-Kiribati'],
  ['is', 'Icelandic'],
  ['in', 'Indian'],
  ['id', 'Indonesian'],
  ['ir', 'Iranian'],
  ['iq', 'Iraqi'],
  ['ie', 'Irish'],
  ['il', 'Israeli'],
  ['it', 'Italian'],
  ['ci', 'Ivorian'],
  ['jm', 'Jamaican'],
  ['jp', 'Japanese'],
  ['jo', 'Jordanian'],
  ['kz', 'Kazakh'],
  ['ke', 'Kenyan'],
  ['kw', 'Kuwaiti'],
  ['kg', 'Kyrgyz'],
  ['la', 'Laotian'],
  ['lv', 'Latvian'],
  ['lb', 'Lebanese'],
  ['lr', 'Liberian'],
  ['ly', 'Libyan'],
  ['li', 'Liechtensteiner'],
  ['lt', 'Lithuanian'],
  ['lu', 'Luxembourgish'],
  ['mo', 'Macanese'],
  ['mk', 'Macedonian'],
  ['mg', 'Malagasy'],
  ['mw', 'Malawian'],
  ['my', 'Malaysian'],
  ['mv', 'Maldivian'],
  ['ml', 'Malian'],
  ['mt', 'Maltese'],
  ['mr', 'Mauritanian'],
  ['mu', 'Mauritian'],
  ['mx', 'Mexican'],
  ['md', 'Moldovan'],
  ['mc', 'Monegasque'],
  ['mn', 'Mongolian'],
  ['me', 'Montenegrin'],
  ['ma', 'Moroccan'],
  ['mz', 'Mozambican'],
  ['na', 'Namibian'],
  ['np', 'Nepalese'],
  ['nz', 'New Zealander'],
  ['vu', 'Ni-Vanuatu'],
  ['ni', 'Nicaraguan'],
  ['ng', 'Nigerian'],
  ['ne', 'Nigerien'],
  ['kp', 'North Korean'],
  ['no', 'Norwegian'],
  ['om', 'Omani'],
  ['pk', 'Pakistani'],
  ['ps', 'Palestinian'],
  ['pa', 'Panamanian'],
  ['pg', 'Papua New Guinean'],
  ['py', 'Paraguayan'],
  ['pe', 'Peruvian'],
  ['pl', 'Polish'],
  ['pt', 'Portuguese'],
  ['pr', 'Puerto Rican'],
  ['qa', 'Qatari'],
  ['ro', 'Romanian'],
  ['ru', 'Russian'],
  ['rw', 'Rwandan'],
  ['sv', 'Salvadoran'],
  ['ws', 'Samoan'],
  ['sa', 'Saudi'],
  ['sn', 'Senegalese'],
  ['rs', 'Serbian'],
  ['sc', 'Seychellois'],
  ['sl', 'Sierra Leonean'],
  ['sg', 'Singaporean'],
  ['sk', 'Slovak'],
  ['si', 'Slovenian'],
  ['sb', 'Solomon Islander'],
  ['so', 'Somali'],
  ['za', 'South African'],
  ['kr', 'South Korean'],
  ['ss', 'South Sudanese'],
  ['es', 'Spanish'],
  ['lk', 'Sri Lankan'],
  ['sd', 'Sudanese'],
  ['sr', 'Surinamese'],
  ['sz', 'Swazi'],
  ['se', 'Swedish'],
  ['ch', 'Swiss'],
  ['sy', 'Syrian'],
  ['tw', 'Taiwanese'],
  ['tj', 'Tajik'],
  ['tz', 'Tanzanian'],
  ['th', 'Thai'],
  ['tl', 'Timorese'],
  ['tg', 'Togolese'],
  ['to', 'Tongan'],
  ['tt', 'Trinidadian'],
  ['tn', 'Tunisian'],
  ['tr', 'Turkish'],
  ['tm', 'Turkmen'],
  ['ug', 'Ugandan'],
  ['ua', 'Ukrainian'],
  ['uy', 'Uruguayan'],
  ['uz', 'Uzbek'],
  ['ve', 'Venezuelan'],
  ['vn', 'Vietnamese'],
  ['ye', 'Yemeni'],
  ['zm', 'Zambian'],
  ['zw', 'Zimbabwean'],
];

const role: FaceSwapOption[] = [
  option('role', 'gender', [v('female', 'a woman'), v('male', 'a man'), v('non_binary', 'an androgynous person')]),
  option('role', 'age', [
    v('child', 'a child of about 8'),
    v('teen', 'a teenager'),
    v('twenties', 'in their twenties'),
    v('thirties', 'in their thirties'),
    v('forties', 'in their forties'),
    v('fifties', 'in their fifties'),
    v('sixties', 'in their sixties'),
    v('senior', 'a senior in their seventies'),
  ]),
  option('role', 'expression', [
    v('neutral', 'a neutral relaxed expression'),
    v('smiling', 'a warm smile'),
    v('laughing', 'laughing openly'),
    v('serious', 'a serious expression'),
    v('confident', 'a confident look'),
    v('thoughtful', 'a thoughtful expression'),
    v('surprised', 'a surprised expression'),
    v('playful', 'a playful wink'),
  ]),
  option('role', 'eye_color', [
    v('brown', 'brown eyes'),
    v('dark_brown', 'dark brown eyes'),
    v('hazel', 'hazel eyes'),
    v('amber', 'amber eyes'),
    v('green', 'green eyes'),
    v('blue', 'blue eyes'),
    v('grey', 'grey eyes'),
    v('violet', 'violet eyes'),
  ]),
  option('role', 'hair_style', [
    v('pixie', 'a pixie cut'),
    v('short_crop', 'short cropped hair'),
    v('buzz_cut', 'a buzz cut'),
    v('bob', 'a chin-length bob'),
    v('shoulder_length', 'shoulder-length hair'),
    v('long_straight', 'long straight hair'),
    v('long_wavy', 'long wavy hair'),
    v('curly', 'curly hair'),
    v('afro', 'an afro'),
    v('braids', 'braided hair'),
    v('ponytail', 'a ponytail'),
    v('bun', 'hair in a bun'),
    v('undercut', 'an undercut'),
    v('bald', 'a shaved bald head'),
  ]),
  option('role', 'hair_color', [
    v('black', 'jet black hair'),
    v('dark_brown', 'dark brown hair'),
    v('brown', 'brown hair'),
    v('chestnut', 'chestnut hair'),
    v('auburn', 'auburn hair'),
    v('red', 'copper red hair'),
    v('blonde', 'golden blonde hair'),
    v('platinum', 'platinum blonde hair'),
    v('grey', 'silver grey hair'),
    v('white', 'white hair'),
    v('pink', 'pastel pink hair'),
    v('blue', 'electric blue hair'),
    v('green', 'emerald green hair'),
    v('purple', 'purple hair'),
  ]),
  option('role', 'beard', [
    v('clean_shaven', 'clean-shaven'),
    v('stubble', 'light stubble'),
    v('short_beard', 'a short trimmed beard'),
    v('full_beard', 'a full beard'),
    v('goatee', 'a goatee'),
    v('moustache', 'a moustache'),
    v('long_beard', 'a long beard'),
  ]),
  option(
    'role',
    'nationality',
    NATIONALITIES.map(([code, demonym]) => v(code, demonym)),
  ),
  option('role', 'body_weight', [
    v('slim', 'a slim build'),
    v('athletic', 'an athletic build'),
    v('average', 'an average build'),
    v('muscular', 'a muscular build'),
    v('curvy', 'a curvy figure'),
    v('heavy', 'a heavy-set build'),
  ]),
  option('role', 'face_shape', [
    v('oval', 'an oval face'),
    v('round', 'a round face'),
    v('square', 'a square face with a strong jaw'),
    v('heart', 'a heart-shaped face'),
    v('diamond', 'a diamond-shaped face'),
    v('long', 'a long face'),
  ]),
  option('role', 'facial_feature_details', [
    v('freckles', 'freckles across the nose and cheeks'),
    v('dimples', 'dimples'),
    v('high_cheekbones', 'high cheekbones'),
    v('strong_jawline', 'a defined jawline'),
    v('full_lips', 'full lips'),
    v('beauty_mark', 'a small beauty mark'),
    v('rosy_cheeks', 'rosy cheeks'),
  ]),
  option('role', 'eye_features', [
    v('almond', 'almond-shaped eyes'),
    v('round', 'large round eyes'),
    v('monolid', 'monolid eyes'),
    v('double_eyelid', 'double eyelids'),
    v('hooded', 'hooded eyes'),
    v('long_lashes', 'long eyelashes'),
    v('thick_brows', 'thick eyebrows'),
    v('eyeliner', 'winged eyeliner'),
  ]),
  option('role', 'ears', [
    v('small', 'small close-set ears'),
    v('prominent', 'prominent ears'),
    v('pointed', 'pointed elf ears'),
    v('pierced', 'pierced ears with small studs'),
    v('covered', 'ears covered by the hair'),
  ]),
  option('role', 'skin_details', [
    v('fair', 'fair skin'),
    v('light', 'light skin'),
    v('olive', 'olive skin'),
    v('tan', 'tanned skin'),
    v('brown', 'brown skin'),
    v('deep', 'deep dark skin'),
  ]),
  option('role', 'skin_texture_effect', [
    v('natural', 'natural skin texture with visible pores'),
    v('smooth', 'smooth retouched skin'),
    v('matte', 'a matte complexion'),
    v('dewy', 'dewy glowing skin'),
    v('weathered', 'weathered lined skin'),
  ]),
  option('role', 'clothing_style', [
    v('business_suit', 'wearing a tailored business suit'),
    v('casual_tshirt', 'wearing a casual T-shirt'),
    v('hoodie', 'wearing a hoodie'),
    v('leather_jacket', 'wearing a leather jacket'),
    v('denim_jacket', 'wearing a denim jacket'),
    v('turtleneck', 'wearing a turtleneck sweater'),
    v('evening_gown', 'wearing an elegant evening gown'),
    v('hanfu', 'wearing a traditional hanfu'),
    v('kimono', 'wearing a kimono'),
    v('qipao', 'wearing a qipao'),
    v('sportswear', 'wearing sportswear'),
    v('lab_coat', 'wearing a white lab coat'),
    v('armor', 'wearing fantasy armour'),
  ]),
  option('role', 'clothing_texture', [
    v('cotton', 'soft cotton fabric'),
    v('silk', 'flowing silk fabric'),
    v('leather', 'leather'),
    v('denim', 'denim'),
    v('knit', 'chunky wool knit'),
    v('velvet', 'velvet'),
    v('linen', 'linen'),
    v('sequins', 'sparkling sequins'),
  ]),
  option('role', 'head_accessories', [
    v('round_glasses', 'wearing round glasses'),
    v('square_glasses', 'wearing rectangular glasses'),
    v('sunglasses', 'wearing dark sunglasses'),
    v('baseball_cap', 'wearing a baseball cap'),
    v('beanie', 'wearing a knitted beanie'),
    v('fedora', 'wearing a fedora hat'),
    v('crown', 'wearing a golden crown'),
    v('flower_crown', 'wearing a flower crown'),
    v('headband', 'wearing a headband'),
    v('headphones', 'wearing over-ear headphones'),
    v('earrings', 'wearing gold hoop earrings'),
  ]),
];

const photography: FaceSwapOption[] = [
  option('photography', 'camera_type', [
    v('full_frame_dslr', 'shot on a full-frame DSLR'),
    v('mirrorless', 'shot on a mirrorless camera'),
    v('medium_format', 'shot on a medium-format camera'),
    v('film_35mm', 'shot on a 35mm film camera'),
    v('instant', 'shot on an instant camera'),
    v('smartphone', 'shot on a smartphone'),
    v('cinema', 'shot on a cinema camera'),
  ]),
  option('photography', 'lens_type', [
    v('prime', 'a prime lens'),
    v('zoom', 'a zoom lens'),
    v('wide_angle', 'a wide-angle lens'),
    v('telephoto', 'a telephoto lens'),
    v('macro', 'a macro lens'),
    v('fisheye', 'a fisheye lens'),
    v('tilt_shift', 'a tilt-shift lens'),
    v('anamorphic', 'an anamorphic lens'),
  ]),
  option('photography', 'focal_length', [
    v('24mm', '24mm focal length'),
    v('35mm', '35mm focal length'),
    v('50mm', '50mm focal length'),
    v('85mm', '85mm focal length'),
    v('105mm', '105mm focal length'),
    v('135mm', '135mm focal length'),
    v('200mm', '200mm focal length'),
  ]),
  option('photography', 'aperture', [
    v('f1_2', 'aperture f/1.2'),
    v('f1_8', 'aperture f/1.8'),
    v('f2_8', 'aperture f/2.8'),
    v('f4', 'aperture f/4'),
    v('f5_6', 'aperture f/5.6'),
    v('f8', 'aperture f/8'),
    v('f16', 'aperture f/16'),
  ]),
  option('photography', 'shutter_speed', [
    v('1_4000', 'shutter speed 1/4000 s'),
    v('1_1000', 'shutter speed 1/1000 s'),
    v('1_250', 'shutter speed 1/250 s'),
    v('1_125', 'shutter speed 1/125 s'),
    v('1_30', 'shutter speed 1/30 s'),
    v('1s', 'a one-second long exposure'),
  ]),
  option('photography', 'iso', [
    v('100', 'ISO 100'),
    v('200', 'ISO 200'),
    v('400', 'ISO 400'),
    v('800', 'ISO 800'),
    v('1600', 'ISO 1600'),
    v('3200', 'ISO 3200 with visible grain'),
    v('6400', 'ISO 6400 with heavy grain'),
  ]),
  option('photography', 'white_balance', [
    v('auto', 'auto white balance'),
    v('daylight', 'daylight white balance'),
    v('cloudy', 'cloudy white balance'),
    v('shade', 'shade white balance'),
    v('tungsten', 'tungsten white balance'),
    v('fluorescent', 'fluorescent white balance'),
    v('flash', 'flash white balance'),
  ]),
  option('photography', 'focus_mode', [
    v('eye_af', 'eye-detection autofocus on tack-sharp eyes'),
    v('single_af', 'single-point autofocus'),
    v('continuous_af', 'continuous autofocus'),
    v('manual', 'manual focus'),
    v('soft_focus', 'a soft-focus look'),
  ]),
  option('photography', 'exposure_mode', [
    v('manual', 'manual exposure'),
    v('aperture_priority', 'aperture-priority exposure'),
    v('shutter_priority', 'shutter-priority exposure'),
    v('program', 'program auto exposure'),
    v('high_key', 'bright high-key exposure'),
    v('low_key', 'dark low-key exposure'),
  ]),
  option('photography', 'shooting_mode', [
    v('single', 'a single still frame'),
    v('burst', 'a candid frame from a burst'),
    v('portrait_mode', 'portrait mode'),
    v('hdr', 'HDR capture'),
    v('night_mode', 'night mode'),
    v('long_exposure', 'long-exposure mode'),
  ]),
  option('photography', 'shooting_angle', [
    v('eye_level', 'eye-level angle'),
    v('low_angle', 'low angle looking up'),
    v('high_angle', 'high angle looking down'),
    v('birds_eye', "bird's-eye view"),
    v('dutch', 'tilted Dutch angle'),
    v('profile', 'side profile'),
    v('three_quarter', 'three-quarter view'),
  ]),
  option('photography', 'pose', [
    v('facing_camera', 'facing the camera'),
    v('over_shoulder', 'looking over the shoulder'),
    v('arms_crossed', 'arms crossed'),
    v('hand_on_chin', 'hand resting on the chin'),
    v('leaning', 'leaning casually against a wall'),
    v('walking', 'walking towards the camera'),
    v('sitting', 'seated'),
    v('looking_away', 'looking away from the camera'),
  ]),
];

const style: FaceSwapOption[] = [
  option('style', 'shot_type', [
    v('extreme_close_up', 'an extreme close-up of the face'),
    v('close_up', 'a close-up headshot'),
    v('head_shoulders', 'a head-and-shoulders portrait'),
    v('medium', 'a medium shot from the waist up'),
    v('full_body', 'a full-body shot'),
    v('environmental', 'a wide environmental portrait'),
  ]),
  option('style', 'imaging_style', [
    v('photorealistic', 'photorealistic'),
    v('cinematic', 'cinematic film still'),
    v('editorial', 'editorial fashion photography'),
    v('documentary', 'documentary photography'),
    v('studio', 'clean studio portrait'),
    v('street', 'street photography'),
    v('fine_art', 'fine-art portrait'),
  ]),
  option('style', 'artistic_style', [
    v('oil_painting', 'as a classical oil painting'),
    v('watercolor', 'as a watercolour painting'),
    v('anime', 'as an anime illustration'),
    v('pop_art', 'as pop art'),
    v('pencil_sketch', 'as a pencil sketch'),
    v('cyberpunk', 'in a cyberpunk style'),
    v('pixel_art', 'as pixel art'),
    v('comic', 'as a comic-book illustration'),
    v('3d_render', 'as a 3D character render'),
  ]),
  option('style', 'art_effect', [
    v('double_exposure', 'a double-exposure effect'),
    v('glitch', 'a digital glitch effect'),
    v('neon_glow', 'a neon glow around the subject'),
    v('halftone', 'a halftone print texture'),
    v('posterized', 'posterized flat colours'),
    v('low_poly', 'a low-poly look'),
  ]),
  option('style', 'depth_of_field', [
    v('shallow', 'shallow depth of field'),
    v('medium', 'moderate depth of field'),
    v('deep', 'deep depth of field with everything sharp'),
  ]),
  option('style', 'photo_effect', [
    v('black_and_white', 'black and white'),
    v('sepia', 'sepia toned'),
    v('high_contrast', 'high contrast'),
    v('soft_glow', 'a soft dreamy glow'),
    v('vignette', 'a dark vignette'),
    v('film_grain', 'analogue film grain'),
    v('faded', 'a faded matte look'),
  ]),
  option('style', 'special_effect', [
    v('lens_flare', 'a warm lens flare'),
    v('light_rays', 'rays of light'),
    v('sparkles', 'floating sparkles'),
    v('snow', 'falling snow'),
    v('rain', 'rain drops'),
    v('petals', 'drifting flower petals'),
    v('smoke', 'wisps of smoke'),
  ]),
  option('style', 'post_processing_style', [
    v('natural', 'natural colour grading'),
    v('warm', 'warm colour grading'),
    v('cool', 'cool colour grading'),
    v('teal_orange', 'teal and orange grading'),
    v('pastel', 'soft pastel grading'),
    v('moody', 'dark moody grading'),
    v('vibrant', 'vibrant saturated colours'),
    v('muted', 'muted desaturated colours'),
  ]),
];

const environment: FaceSwapOption[] = [
  option('environment', 'environment_atmosphere', [
    v('calm', 'a calm atmosphere'),
    v('dreamy', 'a dreamy atmosphere'),
    v('mysterious', 'a mysterious atmosphere'),
    v('romantic', 'a romantic atmosphere'),
    v('energetic', 'an energetic atmosphere'),
    v('melancholic', 'a melancholic atmosphere'),
    v('festive', 'a festive atmosphere'),
  ]),
  option('environment', 'light_style', [
    v('soft_natural', 'soft natural light'),
    v('golden_hour', 'golden hour sunlight'),
    v('blue_hour', 'blue hour twilight'),
    v('studio_softbox', 'studio softbox lighting'),
    v('rembrandt', 'Rembrandt lighting'),
    v('neon', 'neon lighting'),
    v('candlelight', 'warm candlelight'),
    v('dramatic', 'dramatic low-key lighting'),
  ]),
  option('environment', 'light_direction', [
    v('front', 'lit from the front'),
    v('left', 'lit from the left'),
    v('right', 'lit from the right'),
    v('back', 'backlit with a rim of light'),
    v('top', 'lit from above'),
    v('below', 'lit from below'),
  ]),
  option('environment', 'background', [
    v('studio_grey', 'a plain grey studio backdrop'),
    v('studio_white', 'a clean white backdrop'),
    v('studio_black', 'a black backdrop'),
    v('city_street', 'a city street'),
    v('neon_city', 'a neon-lit city at night'),
    v('beach', 'a sunny beach'),
    v('forest', 'a green forest'),
    v('mountains', 'mountains'),
    v('snow', 'a snowy landscape'),
    v('garden', 'a flower garden'),
    v('office', 'a modern office'),
    v('library', 'a library with bookshelves'),
    v('cafe', 'a cosy café'),
    v('space', 'outer space with stars'),
  ]),
  option('environment', 'background_effect', [
    v('bokeh_lights', 'bokeh lights in the background'),
    v('gradient', 'a smooth colour gradient background'),
    v('vignette', 'a darkened vignette around the edges'),
    v('fog', 'light fog in the background'),
    v('light_leak', 'light leaks'),
    v('motion_blur', 'motion-blurred background'),
  ]),
  option('environment', 'background_blur', [
    v('none', 'a sharp background'),
    v('slight', 'a slightly blurred background'),
    v('moderate', 'a softly blurred background'),
    v('strong', 'a strongly blurred background'),
    v('creamy', 'creamy bokeh background'),
  ]),
];

/** Every option, in the order the page shows them and the prompt lists them (spec §3). */
export const FACE_SWAP_OPTIONS: readonly FaceSwapOption[] = [...role, ...photography, ...style, ...environment];

export const optionsByKey: ReadonlyMap<string, FaceSwapOption> = new Map(FACE_SWAP_OPTIONS.map((o) => [o.key, o]));
export const faceSwapOption = (key: string): FaceSwapOption | undefined => optionsByKey.get(key);
export const faceSwapOptionsIn = (category: FaceSwapCategory) => FACE_SWAP_OPTIONS.filter((o) => o.category === category);

/** Chosen values by option key; a missing or empty value means "please select" (nothing chosen). */
export type FaceSwapSelection = Partial<Record<string, string>>;

/** The catalogue entry of a chosen value, or undefined when the key or value is unknown. */
export function faceSwapValue(key: string, value: string | undefined): FaceSwapValue | undefined {
  return value ? optionsByKey.get(key)?.values.find((v) => v.value === value) : undefined;
}

/** Only known, non-empty choices, in catalogue order. */
export function cleanSelection(selection: FaceSwapSelection | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of FACE_SWAP_OPTIONS) {
    const chosen = selection?.[o.key];
    if (faceSwapValue(o.key, chosen)) out[o.key] = chosen!;
  }
  return out;
}

/**
 * The editable part of the prompt (spec §3): the user's own text, then one headed sentence per
 * category with its chosen phrases joined by commas, e.g. "A portrait for my profile. Character
 * features: a woman, platinum blonde hair. Environmental characteristics: a sunny beach."
 */
export function compileFaceSwapDescription(text: string, selection: FaceSwapSelection): string {
  const parts: string[] = [];
  const own = text.trim();
  // The user's text ends in a full stop of its own script before the English sentences follow.
  if (own) parts.push(/[.!?。！？]$/.test(own) ? own : /[\u3000-\u9fff\uff00-\uffef]$/.test(own) ? `${own}。` : `${own}.`);
  const chosen = cleanSelection(selection);
  for (const category of FACE_SWAP_CATEGORIES) {
    const phrases = faceSwapOptionsIn(category)
      .filter((o) => chosen[o.key])
      .map((o) => faceSwapValue(o.key, chosen[o.key])!.phrase);
    if (phrases.length) parts.push(`${FACE_SWAP_HEADINGS[category]}: ${phrases.join(', ')}.`);
  }
  return parts.join(' ');
}

/** The prompt a model receives: the mode's identity-preserving prefix, then the description. */
export function compileFaceSwapPrompt(mode: FaceSwapMode, description: string): string {
  return `${FACE_SWAP_PREFIX[mode]}\n\n${stripFaceSwapPrefix(description)}`;
}

/** A description without a prefix the client may have left in front of it (never two prefixes). */
export function stripFaceSwapPrefix(text: string): string {
  let out = text.trim();
  for (const prefix of Object.values(FACE_SWAP_PREFIX)) if (out.startsWith(prefix)) out = out.slice(prefix.length).trim();
  return out;
}

/** The user's own words can be this long (spec §5 prompt input default). */
export const FACE_SWAP_TEXT_MAX = 2000;
/** A description edited in the Preview modal, within the workbench's prompt limit once prefixed. */
export const FACE_SWAP_DESCRIPTION_MAX = 4500;

/**
 * What the offline engine applies, by option and value (worker/engine/face-swap); everything else is
 * written into the prompt for a generative model only. The page shows this list, and the engine's
 * tests check that each of these changes the picture.
 */
export const FACE_SWAP_OFFLINE: Partial<Record<string, readonly string[]>> = {
  eye_color: values('eye_color'),
  hair_color: values('hair_color'),
  beard: values('beard').filter((v) => v !== 'clean_shaven'),
  facial_feature_details: ['freckles', 'rosy_cheeks', 'beauty_mark'],
  skin_texture_effect: ['smooth', 'matte', 'dewy'],
  head_accessories: values('head_accessories'),
  iso: ['1600', '3200', '6400'],
  white_balance: ['cloudy', 'shade', 'tungsten', 'fluorescent'],
  exposure_mode: ['high_key', 'low_key'],
  shot_type: ['extreme_close_up', 'close_up', 'head_shoulders'],
  artistic_style: ['oil_painting', 'watercolor', 'anime', 'pop_art', 'pencil_sketch', 'cyberpunk', 'pixel_art'],
  art_effect: ['neon_glow', 'halftone', 'posterized'],
  depth_of_field: ['shallow'],
  photo_effect: values('photo_effect'),
  special_effect: ['lens_flare', 'light_rays', 'sparkles', 'snow', 'rain', 'petals'],
  post_processing_style: values('post_processing_style').filter((v) => v !== 'natural'),
  environment_atmosphere: values('environment_atmosphere').filter((v) => v !== 'calm'),
  light_style: values('light_style').filter((v) => v !== 'soft_natural'),
  light_direction: values('light_direction').filter((v) => v !== 'front'),
  background: values('background'),
  background_effect: values('background_effect'),
  background_blur: values('background_blur').filter((v) => v !== 'none'),
};

function values(key: string): string[] {
  return optionsByKey.get(key)!.values.map((v) => v.value);
}

export const appliedOffline = (key: string, value: string | undefined) => Boolean(value && FACE_SWAP_OFFLINE[key]?.includes(value));

/**
 * Options the offline text mode draws into its illustrated avatar (worker/engine/face-swap/avatar.ts);
 * it also applies everything in FACE_SWAP_OFFLINE to the drawing.
 */
export const FACE_SWAP_AVATAR_KEYS = [
  'gender',
  'age',
  'expression',
  'eye_color',
  'hair_style',
  'hair_color',
  'beard',
  'body_weight',
  'face_shape',
  'facial_feature_details',
  'eye_features',
  'ears',
  'skin_details',
  'skin_texture_effect',
  'clothing_style',
  'head_accessories',
] as const;

/** The option keys the offline engine acts on in a mode (the page marks them when no model is configured). */
export function offlineOptionKeys(mode: FaceSwapMode): Set<string> {
  const keys = new Set(Object.keys(FACE_SWAP_OFFLINE));
  if (mode === 'generate') for (const key of FACE_SWAP_AVATAR_KEYS) keys.add(key);
  return keys;
}
