/**
 * Face swap / avatar builder (spec §3 "Face-swap option catalogue", issue 15): the four option
 * categories, every option with its values, the English phrase each value adds to the prompt, and
 * the prompt builder with the fixed identity-preserving prefixes. Runtime-agnostic plain data and
 * pure functions: the SPA draws its dropdowns from it, the API validates and compiles with it, the
 * offline engine reads the chosen values back from it.
 *
 * Value labels live here in both languages (not in the Lingui catalogues): they are data rows —
 * value id, prompt phrase, English and Chinese label belong together, and 180 nationalities plus
 * ~400 other values would bury the .po's interface text (docs/decisions/017-face-swap.md). Option
 * and category names are interface text and live in the .po (web/src/features/face-swap/labels.ts).
 */
import * as z from 'zod';
import { ServiceError } from './errors';
import { multiline } from './text';

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
  edit:
    'Edit the attached portrait photo. Preserve the person\'s identity, likeness and facial structure exactly: the same face shape, eyes, nose, mouth, proportions and skin. Apply only the changes listed below and keep everything else as it is in the photo.',
  generate:
    'Generate a photorealistic portrait of one person. Keep a single, consistent identity, likeness and facial structure, and apply only the features listed below.',
};

export interface FaceSwapValue {
  value: string;
  /** What the value adds to the prompt, in English (the models are prompted in English). */
  phrase: string;
  label: { en: string; 'zh-Hant': string };
}

export interface FaceSwapOption {
  key: string;
  category: FaceSwapCategory;
  values: readonly FaceSwapValue[];
}

const v = (value: string, phrase: string, en: string, zh: string): FaceSwapValue => ({ value, phrase, label: { en, 'zh-Hant': zh } });
const option = (category: FaceSwapCategory, key: string, values: FaceSwapValue[]): FaceSwapOption => ({ key, category, values });

/** Nationalities (spec: about 150; 182 here): ISO region code, English demonym, Chinese name of the country. */
const NATIONALITIES: [string, string, string][] = [
  ['af', 'Afghan', '阿富汗'],
  ['al', 'Albanian', '阿爾巴尼亞'],
  ['dz', 'Algerian', '阿爾及利亞'],
  ['us', 'American', '美國'],
  ['ar', 'Argentinian', '阿根廷'],
  ['am', 'Armenian', '亞美尼亞'],
  ['au', 'Australian', '澳洲'],
  ['at', 'Austrian', '奧地利'],
  ['az', 'Azerbaijani', '亞塞拜然'],
  ['bs', 'Bahamian', '巴哈馬'],
  ['bh', 'Bahraini', '巴林'],
  ['bd', 'Bangladeshi', '孟加拉'],
  ['bb', 'Barbadian', '巴貝多'],
  ['ls', 'Basotho', '賴索托'],
  ['by', 'Belarusian', '白俄羅斯'],
  ['be', 'Belgian', '比利時'],
  ['bz', 'Belizean', '貝里斯'],
  ['bj', 'Beninese', '貝南'],
  ['bt', 'Bhutanese', '不丹'],
  ['bo', 'Bolivian', '玻利維亞'],
  ['ba', 'Bosnian', '波士尼亞與赫塞哥維納'],
  ['bw', 'Botswanan', '波札那'],
  ['br', 'Brazilian', '巴西'],
  ['gb', 'British', '英國'],
  ['bn', 'Bruneian', '汶萊'],
  ['bg', 'Bulgarian', '保加利亞'],
  ['bf', 'Burkinabe', '布吉納法索'],
  ['mm', 'Burmese', '緬甸'],
  ['bi', 'Burundian', '蒲隆地'],
  ['kh', 'Cambodian', '柬埔寨'],
  ['cm', 'Cameroonian', '喀麥隆'],
  ['ca', 'Canadian', '加拿大'],
  ['cv', 'Cape Verdean', '維德角'],
  ['cf', 'Central African', '中非共和國'],
  ['td', 'Chadian', '查德'],
  ['cl', 'Chilean', '智利'],
  ['cn', 'Chinese', '中國'],
  ['co', 'Colombian', '哥倫比亞'],
  ['km', 'Comorian', '葛摩'],
  ['cg', 'Congolese', '剛果'],
  ['cr', 'Costa Rican', '哥斯大黎加'],
  ['hr', 'Croatian', '克羅埃西亞'],
  ['cu', 'Cuban', '古巴'],
  ['cy', 'Cypriot', '賽普勒斯'],
  ['cz', 'Czech', '捷克'],
  ['dk', 'Danish', '丹麥'],
  ['dj', 'Djiboutian', '吉布地'],
  ['do', 'Dominican', '多明尼加共和國'],
  ['nl', 'Dutch', '荷蘭'],
  ['ec', 'Ecuadorian', '厄瓜多'],
  ['eg', 'Egyptian', '埃及'],
  ['ae', 'Emirati', '阿拉伯聯合大公國'],
  ['gq', 'Equatorial Guinean', '赤道幾內亞'],
  ['er', 'Eritrean', '厄利垂亞'],
  ['ee', 'Estonian', '愛沙尼亞'],
  ['et', 'Ethiopian', '衣索比亞'],
  ['fj', 'Fijian', '斐濟'],
  ['ph', 'Filipino', '菲律賓'],
  ['fi', 'Finnish', '芬蘭'],
  ['fr', 'French', '法國'],
  ['ga', 'Gabonese', '加彭'],
  ['gm', 'Gambian', '甘比亞'],
  ['ge', 'Georgian', '喬治亞'],
  ['de', 'German', '德國'],
  ['gh', 'Ghanaian', '迦納'],
  ['gr', 'Greek', '希臘'],
  ['gd', 'Grenadian', '格瑞那達'],
  ['gt', 'Guatemalan', '瓜地馬拉'],
  ['gn', 'Guinean', '幾內亞'],
  ['gy', 'Guyanese', '蓋亞那'],
  ['ht', 'Haitian', '海地'],
  ['hn', 'Honduran', '宏都拉斯'],
  ['hk', 'Hongkonger', '香港'],
  ['hu', 'Hungarian', '匈牙利'],
  ['ki', 'I-Kiribati', '吉里巴斯'],
  ['is', 'Icelandic', '冰島'],
  ['in', 'Indian', '印度'],
  ['id', 'Indonesian', '印尼'],
  ['ir', 'Iranian', '伊朗'],
  ['iq', 'Iraqi', '伊拉克'],
  ['ie', 'Irish', '愛爾蘭'],
  ['il', 'Israeli', '以色列'],
  ['it', 'Italian', '義大利'],
  ['ci', 'Ivorian', '象牙海岸'],
  ['jm', 'Jamaican', '牙買加'],
  ['jp', 'Japanese', '日本'],
  ['jo', 'Jordanian', '約旦'],
  ['kz', 'Kazakh', '哈薩克'],
  ['ke', 'Kenyan', '肯亞'],
  ['kw', 'Kuwaiti', '科威特'],
  ['kg', 'Kyrgyz', '吉爾吉斯'],
  ['la', 'Laotian', '寮國'],
  ['lv', 'Latvian', '拉脫維亞'],
  ['lb', 'Lebanese', '黎巴嫩'],
  ['lr', 'Liberian', '賴比瑞亞'],
  ['ly', 'Libyan', '利比亞'],
  ['li', 'Liechtensteiner', '列支敦斯登'],
  ['lt', 'Lithuanian', '立陶宛'],
  ['lu', 'Luxembourgish', '盧森堡'],
  ['mo', 'Macanese', '澳門'],
  ['mk', 'Macedonian', '北馬其頓'],
  ['mg', 'Malagasy', '馬達加斯加'],
  ['mw', 'Malawian', '馬拉威'],
  ['my', 'Malaysian', '馬來西亞'],
  ['mv', 'Maldivian', '馬爾地夫'],
  ['ml', 'Malian', '馬利'],
  ['mt', 'Maltese', '馬爾他'],
  ['mr', 'Mauritanian', '茅利塔尼亞'],
  ['mu', 'Mauritian', '模里西斯'],
  ['mx', 'Mexican', '墨西哥'],
  ['md', 'Moldovan', '摩爾多瓦'],
  ['mc', 'Monegasque', '摩納哥'],
  ['mn', 'Mongolian', '蒙古'],
  ['me', 'Montenegrin', '蒙特內哥羅'],
  ['ma', 'Moroccan', '摩洛哥'],
  ['mz', 'Mozambican', '莫三比克'],
  ['na', 'Namibian', '納米比亞'],
  ['np', 'Nepalese', '尼泊爾'],
  ['nz', 'New Zealander', '紐西蘭'],
  ['vu', 'Ni-Vanuatu', '萬那杜'],
  ['ni', 'Nicaraguan', '尼加拉瓜'],
  ['ng', 'Nigerian', '奈及利亞'],
  ['ne', 'Nigerien', '尼日'],
  ['kp', 'North Korean', '北韓'],
  ['no', 'Norwegian', '挪威'],
  ['om', 'Omani', '阿曼'],
  ['pk', 'Pakistani', '巴基斯坦'],
  ['ps', 'Palestinian', '巴勒斯坦'],
  ['pa', 'Panamanian', '巴拿馬'],
  ['pg', 'Papua New Guinean', '巴布亞紐幾內亞'],
  ['py', 'Paraguayan', '巴拉圭'],
  ['pe', 'Peruvian', '秘魯'],
  ['pl', 'Polish', '波蘭'],
  ['pt', 'Portuguese', '葡萄牙'],
  ['pr', 'Puerto Rican', '波多黎各'],
  ['qa', 'Qatari', '卡達'],
  ['ro', 'Romanian', '羅馬尼亞'],
  ['ru', 'Russian', '俄羅斯'],
  ['rw', 'Rwandan', '盧安達'],
  ['sv', 'Salvadoran', '薩爾瓦多'],
  ['ws', 'Samoan', '薩摩亞'],
  ['sa', 'Saudi', '沙烏地阿拉伯'],
  ['sn', 'Senegalese', '塞內加爾'],
  ['rs', 'Serbian', '塞爾維亞'],
  ['sc', 'Seychellois', '塞席爾'],
  ['sl', 'Sierra Leonean', '獅子山'],
  ['sg', 'Singaporean', '新加坡'],
  ['sk', 'Slovak', '斯洛伐克'],
  ['si', 'Slovenian', '斯洛維尼亞'],
  ['sb', 'Solomon Islander', '索羅門群島'],
  ['so', 'Somali', '索馬利亞'],
  ['za', 'South African', '南非'],
  ['kr', 'South Korean', '南韓'],
  ['ss', 'South Sudanese', '南蘇丹'],
  ['es', 'Spanish', '西班牙'],
  ['lk', 'Sri Lankan', '斯里蘭卡'],
  ['sd', 'Sudanese', '蘇丹'],
  ['sr', 'Surinamese', '蘇利南'],
  ['sz', 'Swazi', '史瓦帝尼'],
  ['se', 'Swedish', '瑞典'],
  ['ch', 'Swiss', '瑞士'],
  ['sy', 'Syrian', '敘利亞'],
  ['tw', 'Taiwanese', '台灣'],
  ['tj', 'Tajik', '塔吉克'],
  ['tz', 'Tanzanian', '坦尚尼亞'],
  ['th', 'Thai', '泰國'],
  ['tl', 'Timorese', '東帝汶'],
  ['tg', 'Togolese', '多哥'],
  ['to', 'Tongan', '東加'],
  ['tt', 'Trinidadian', '千里達及托巴哥'],
  ['tn', 'Tunisian', '突尼西亞'],
  ['tr', 'Turkish', '土耳其'],
  ['tm', 'Turkmen', '土庫曼'],
  ['ug', 'Ugandan', '烏干達'],
  ['ua', 'Ukrainian', '烏克蘭'],
  ['uy', 'Uruguayan', '烏拉圭'],
  ['uz', 'Uzbek', '烏茲別克'],
  ['ve', 'Venezuelan', '委內瑞拉'],
  ['vn', 'Vietnamese', '越南'],
  ['ye', 'Yemeni', '葉門'],
  ['zm', 'Zambian', '尚比亞'],
  ['zw', 'Zimbabwean', '辛巴威'],
];

const role: FaceSwapOption[] = [
  option('role', 'gender', [
    v('female', 'a woman', 'Female', '女性'),
    v('male', 'a man', 'Male', '男性'),
    v('non_binary', 'an androgynous person', 'Androgynous', '中性'),
  ]),
  option('role', 'age', [
    v('child', 'a child of about 8', 'Child', '兒童'),
    v('teen', 'a teenager', 'Teenager', '青少年'),
    v('twenties', 'in their twenties', '20s', '20 多歲'),
    v('thirties', 'in their thirties', '30s', '30 多歲'),
    v('forties', 'in their forties', '40s', '40 多歲'),
    v('fifties', 'in their fifties', '50s', '50 多歲'),
    v('sixties', 'in their sixties', '60s', '60 多歲'),
    v('senior', 'a senior in their seventies', '70+', '70 歲以上'),
  ]),
  option('role', 'expression', [
    v('neutral', 'a neutral relaxed expression', 'Neutral', '自然'),
    v('smiling', 'a warm smile', 'Smiling', '微笑'),
    v('laughing', 'laughing openly', 'Laughing', '大笑'),
    v('serious', 'a serious expression', 'Serious', '嚴肅'),
    v('confident', 'a confident look', 'Confident', '自信'),
    v('thoughtful', 'a thoughtful expression', 'Thoughtful', '沉思'),
    v('surprised', 'a surprised expression', 'Surprised', '驚訝'),
    v('playful', 'a playful wink', 'Playful', '俏皮'),
  ]),
  option('role', 'eye_color', [
    v('brown', 'brown eyes', 'Brown', '棕色'),
    v('dark_brown', 'dark brown eyes', 'Dark brown', '深棕色'),
    v('hazel', 'hazel eyes', 'Hazel', '榛色'),
    v('amber', 'amber eyes', 'Amber', '琥珀色'),
    v('green', 'green eyes', 'Green', '綠色'),
    v('blue', 'blue eyes', 'Blue', '藍色'),
    v('grey', 'grey eyes', 'Grey', '灰色'),
    v('violet', 'violet eyes', 'Violet', '紫羅蘭色'),
  ]),
  option('role', 'hair_style', [
    v('pixie', 'a pixie cut', 'Pixie cut', '精靈短髮'),
    v('short_crop', 'short cropped hair', 'Short crop', '短髮'),
    v('buzz_cut', 'a buzz cut', 'Buzz cut', '平頭'),
    v('bob', 'a chin-length bob', 'Bob', '鮑伯頭'),
    v('shoulder_length', 'shoulder-length hair', 'Shoulder length', '及肩髮'),
    v('long_straight', 'long straight hair', 'Long straight', '長直髮'),
    v('long_wavy', 'long wavy hair', 'Long wavy', '長捲髮'),
    v('curly', 'curly hair', 'Curly', '捲髮'),
    v('afro', 'an afro', 'Afro', '爆炸頭'),
    v('braids', 'braided hair', 'Braids', '辮子'),
    v('ponytail', 'a ponytail', 'Ponytail', '馬尾'),
    v('bun', 'hair in a bun', 'Bun', '丸子頭'),
    v('undercut', 'an undercut', 'Undercut', '削邊頭'),
    v('bald', 'a shaved bald head', 'Bald', '光頭'),
  ]),
  option('role', 'hair_color', [
    v('black', 'jet black hair', 'Black', '黑色'),
    v('dark_brown', 'dark brown hair', 'Dark brown', '深棕色'),
    v('brown', 'brown hair', 'Brown', '棕色'),
    v('chestnut', 'chestnut hair', 'Chestnut', '栗色'),
    v('auburn', 'auburn hair', 'Auburn', '赤褐色'),
    v('red', 'copper red hair', 'Red', '紅色'),
    v('blonde', 'golden blonde hair', 'Blonde', '金色'),
    v('platinum', 'platinum blonde hair', 'Platinum', '白金色'),
    v('grey', 'silver grey hair', 'Silver grey', '銀灰色'),
    v('white', 'white hair', 'White', '白色'),
    v('pink', 'pastel pink hair', 'Pink', '粉紅色'),
    v('blue', 'electric blue hair', 'Blue', '藍色'),
    v('green', 'emerald green hair', 'Green', '綠色'),
    v('purple', 'purple hair', 'Purple', '紫色'),
  ]),
  option('role', 'beard', [
    v('clean_shaven', 'clean-shaven', 'Clean-shaven', '無鬍鬚'),
    v('stubble', 'light stubble', 'Stubble', '鬍渣'),
    v('short_beard', 'a short trimmed beard', 'Short beard', '短鬍'),
    v('full_beard', 'a full beard', 'Full beard', '絡腮鬍'),
    v('goatee', 'a goatee', 'Goatee', '山羊鬍'),
    v('moustache', 'a moustache', 'Moustache', '八字鬍'),
    v('long_beard', 'a long beard', 'Long beard', '長鬍鬚'),
  ]),
  option(
    'role',
    'nationality',
    NATIONALITIES.map(([code, demonym, country]) => v(code, demonym, demonym, country)),
  ),
  option('role', 'body_weight', [
    v('slim', 'a slim build', 'Slim', '纖瘦'),
    v('athletic', 'an athletic build', 'Athletic', '健美'),
    v('average', 'an average build', 'Average', '中等'),
    v('muscular', 'a muscular build', 'Muscular', '肌肉發達'),
    v('curvy', 'a curvy figure', 'Curvy', '曲線豐滿'),
    v('heavy', 'a heavy-set build', 'Heavy-set', '壯碩'),
  ]),
  option('role', 'face_shape', [
    v('oval', 'an oval face', 'Oval', '鵝蛋臉'),
    v('round', 'a round face', 'Round', '圓臉'),
    v('square', 'a square face with a strong jaw', 'Square', '方臉'),
    v('heart', 'a heart-shaped face', 'Heart', '心形臉'),
    v('diamond', 'a diamond-shaped face', 'Diamond', '菱形臉'),
    v('long', 'a long face', 'Long', '長臉'),
  ]),
  option('role', 'facial_feature_details', [
    v('freckles', 'freckles across the nose and cheeks', 'Freckles', '雀斑'),
    v('dimples', 'dimples', 'Dimples', '酒窩'),
    v('high_cheekbones', 'high cheekbones', 'High cheekbones', '高顴骨'),
    v('strong_jawline', 'a defined jawline', 'Defined jawline', '輪廓分明的下顎'),
    v('full_lips', 'full lips', 'Full lips', '豐唇'),
    v('beauty_mark', 'a small beauty mark', 'Beauty mark', '美人痣'),
    v('rosy_cheeks', 'rosy cheeks', 'Rosy cheeks', '紅潤雙頰'),
  ]),
  option('role', 'eye_features', [
    v('almond', 'almond-shaped eyes', 'Almond eyes', '杏眼'),
    v('round', 'large round eyes', 'Large round eyes', '大圓眼'),
    v('monolid', 'monolid eyes', 'Monolids', '單眼皮'),
    v('double_eyelid', 'double eyelids', 'Double eyelids', '雙眼皮'),
    v('hooded', 'hooded eyes', 'Hooded eyes', '內雙'),
    v('long_lashes', 'long eyelashes', 'Long lashes', '長睫毛'),
    v('thick_brows', 'thick eyebrows', 'Thick brows', '濃眉'),
    v('eyeliner', 'winged eyeliner', 'Winged eyeliner', '上揚眼線'),
  ]),
  option('role', 'ears', [
    v('small', 'small close-set ears', 'Small', '小耳朵'),
    v('prominent', 'prominent ears', 'Prominent', '招風耳'),
    v('pointed', 'pointed elf ears', 'Pointed elf ears', '精靈尖耳'),
    v('pierced', 'pierced ears with small studs', 'Pierced', '耳洞耳釘'),
    v('covered', 'ears covered by the hair', 'Covered by hair', '頭髮遮住耳朵'),
  ]),
  option('role', 'skin_details', [
    v('fair', 'fair skin', 'Fair', '白皙'),
    v('light', 'light skin', 'Light', '淺膚色'),
    v('olive', 'olive skin', 'Olive', '橄欖膚色'),
    v('tan', 'tanned skin', 'Tanned', '小麥膚色'),
    v('brown', 'brown skin', 'Brown', '棕色皮膚'),
    v('deep', 'deep dark skin', 'Deep', '深色皮膚'),
  ]),
  option('role', 'skin_texture_effect', [
    v('natural', 'natural skin texture with visible pores', 'Natural', '自然質感'),
    v('smooth', 'smooth retouched skin', 'Smooth', '光滑'),
    v('matte', 'a matte complexion', 'Matte', '霧面'),
    v('dewy', 'dewy glowing skin', 'Dewy glow', '水光肌'),
    v('weathered', 'weathered lined skin', 'Weathered', '歷經風霜'),
  ]),
  option('role', 'clothing_style', [
    v('business_suit', 'wearing a tailored business suit', 'Business suit', '西裝'),
    v('casual_tshirt', 'wearing a casual T-shirt', 'Casual T-shirt', '休閒 T 恤'),
    v('hoodie', 'wearing a hoodie', 'Hoodie', '連帽衫'),
    v('leather_jacket', 'wearing a leather jacket', 'Leather jacket', '皮夾克'),
    v('denim_jacket', 'wearing a denim jacket', 'Denim jacket', '牛仔外套'),
    v('turtleneck', 'wearing a turtleneck sweater', 'Turtleneck', '高領毛衣'),
    v('evening_gown', 'wearing an elegant evening gown', 'Evening gown', '晚禮服'),
    v('hanfu', 'wearing a traditional hanfu', 'Hanfu', '漢服'),
    v('kimono', 'wearing a kimono', 'Kimono', '和服'),
    v('qipao', 'wearing a qipao', 'Qipao', '旗袍'),
    v('sportswear', 'wearing sportswear', 'Sportswear', '運動服'),
    v('lab_coat', 'wearing a white lab coat', 'Lab coat', '實驗袍'),
    v('armor', 'wearing fantasy armour', 'Fantasy armour', '奇幻盔甲'),
  ]),
  option('role', 'clothing_texture', [
    v('cotton', 'soft cotton fabric', 'Cotton', '棉質'),
    v('silk', 'flowing silk fabric', 'Silk', '絲綢'),
    v('leather', 'leather', 'Leather', '皮革'),
    v('denim', 'denim', 'Denim', '丹寧'),
    v('knit', 'chunky wool knit', 'Wool knit', '粗針織'),
    v('velvet', 'velvet', 'Velvet', '天鵝絨'),
    v('linen', 'linen', 'Linen', '亞麻'),
    v('sequins', 'sparkling sequins', 'Sequins', '亮片'),
  ]),
  option('role', 'head_accessories', [
    v('round_glasses', 'wearing round glasses', 'Round glasses', '圓框眼鏡'),
    v('square_glasses', 'wearing rectangular glasses', 'Square glasses', '方框眼鏡'),
    v('sunglasses', 'wearing dark sunglasses', 'Sunglasses', '墨鏡'),
    v('baseball_cap', 'wearing a baseball cap', 'Baseball cap', '棒球帽'),
    v('beanie', 'wearing a knitted beanie', 'Beanie', '毛線帽'),
    v('fedora', 'wearing a fedora hat', 'Fedora', '紳士帽'),
    v('crown', 'wearing a golden crown', 'Crown', '皇冠'),
    v('flower_crown', 'wearing a flower crown', 'Flower crown', '花冠'),
    v('headband', 'wearing a headband', 'Headband', '髮帶'),
    v('headphones', 'wearing over-ear headphones', 'Headphones', '耳罩式耳機'),
    v('earrings', 'wearing gold hoop earrings', 'Hoop earrings', '圈形耳環'),
  ]),
];

const photography: FaceSwapOption[] = [
  option('photography', 'camera_type', [
    v('full_frame_dslr', 'shot on a full-frame DSLR', 'Full-frame DSLR', '全片幅單眼相機'),
    v('mirrorless', 'shot on a mirrorless camera', 'Mirrorless', '無反相機'),
    v('medium_format', 'shot on a medium-format camera', 'Medium format', '中片幅相機'),
    v('film_35mm', 'shot on a 35mm film camera', '35mm film', '35mm 底片相機'),
    v('instant', 'shot on an instant camera', 'Instant camera', '拍立得'),
    v('smartphone', 'shot on a smartphone', 'Smartphone', '手機'),
    v('cinema', 'shot on a cinema camera', 'Cinema camera', '電影攝影機'),
  ]),
  option('photography', 'lens_type', [
    v('prime', 'a prime lens', 'Prime', '定焦鏡頭'),
    v('zoom', 'a zoom lens', 'Zoom', '變焦鏡頭'),
    v('wide_angle', 'a wide-angle lens', 'Wide-angle', '廣角鏡頭'),
    v('telephoto', 'a telephoto lens', 'Telephoto', '長焦鏡頭'),
    v('macro', 'a macro lens', 'Macro', '微距鏡頭'),
    v('fisheye', 'a fisheye lens', 'Fisheye', '魚眼鏡頭'),
    v('tilt_shift', 'a tilt-shift lens', 'Tilt-shift', '移軸鏡頭'),
    v('anamorphic', 'an anamorphic lens', 'Anamorphic', '變形寬銀幕鏡頭'),
  ]),
  option('photography', 'focal_length', [
    v('24mm', '24mm focal length', '24mm', '24mm'),
    v('35mm', '35mm focal length', '35mm', '35mm'),
    v('50mm', '50mm focal length', '50mm', '50mm'),
    v('85mm', '85mm focal length', '85mm', '85mm'),
    v('105mm', '105mm focal length', '105mm', '105mm'),
    v('135mm', '135mm focal length', '135mm', '135mm'),
    v('200mm', '200mm focal length', '200mm', '200mm'),
  ]),
  option('photography', 'aperture', [
    v('f1_2', 'aperture f/1.2', 'f/1.2', 'f/1.2'),
    v('f1_8', 'aperture f/1.8', 'f/1.8', 'f/1.8'),
    v('f2_8', 'aperture f/2.8', 'f/2.8', 'f/2.8'),
    v('f4', 'aperture f/4', 'f/4', 'f/4'),
    v('f5_6', 'aperture f/5.6', 'f/5.6', 'f/5.6'),
    v('f8', 'aperture f/8', 'f/8', 'f/8'),
    v('f16', 'aperture f/16', 'f/16', 'f/16'),
  ]),
  option('photography', 'shutter_speed', [
    v('1_4000', 'shutter speed 1/4000 s', '1/4000 s', '1/4000 秒'),
    v('1_1000', 'shutter speed 1/1000 s', '1/1000 s', '1/1000 秒'),
    v('1_250', 'shutter speed 1/250 s', '1/250 s', '1/250 秒'),
    v('1_125', 'shutter speed 1/125 s', '1/125 s', '1/125 秒'),
    v('1_30', 'shutter speed 1/30 s', '1/30 s', '1/30 秒'),
    v('1s', 'a one-second long exposure', '1 s', '1 秒'),
  ]),
  option('photography', 'iso', [
    v('100', 'ISO 100', '100', '100'),
    v('200', 'ISO 200', '200', '200'),
    v('400', 'ISO 400', '400', '400'),
    v('800', 'ISO 800', '800', '800'),
    v('1600', 'ISO 1600', '1600', '1600'),
    v('3200', 'ISO 3200 with visible grain', '3200', '3200'),
    v('6400', 'ISO 6400 with heavy grain', '6400', '6400'),
  ]),
  option('photography', 'white_balance', [
    v('auto', 'auto white balance', 'Auto', '自動'),
    v('daylight', 'daylight white balance', 'Daylight', '日光'),
    v('cloudy', 'cloudy white balance', 'Cloudy', '陰天'),
    v('shade', 'shade white balance', 'Shade', '陰影'),
    v('tungsten', 'tungsten white balance', 'Tungsten', '鎢絲燈'),
    v('fluorescent', 'fluorescent white balance', 'Fluorescent', '螢光燈'),
    v('flash', 'flash white balance', 'Flash', '閃光燈'),
  ]),
  option('photography', 'focus_mode', [
    v('eye_af', 'eye-detection autofocus on tack-sharp eyes', 'Eye AF', '眼部對焦'),
    v('single_af', 'single-point autofocus', 'Single-point AF', '單點自動對焦'),
    v('continuous_af', 'continuous autofocus', 'Continuous AF', '連續自動對焦'),
    v('manual', 'manual focus', 'Manual focus', '手動對焦'),
    v('soft_focus', 'a soft-focus look', 'Soft focus', '柔焦'),
  ]),
  option('photography', 'exposure_mode', [
    v('manual', 'manual exposure', 'Manual', '手動曝光'),
    v('aperture_priority', 'aperture-priority exposure', 'Aperture priority', '光圈優先'),
    v('shutter_priority', 'shutter-priority exposure', 'Shutter priority', '快門優先'),
    v('program', 'program auto exposure', 'Program', '程式自動'),
    v('high_key', 'bright high-key exposure', 'High key', '高調曝光'),
    v('low_key', 'dark low-key exposure', 'Low key', '低調曝光'),
  ]),
  option('photography', 'shooting_mode', [
    v('single', 'a single still frame', 'Single shot', '單張拍攝'),
    v('burst', 'a candid frame from a burst', 'Burst', '連拍'),
    v('portrait_mode', 'portrait mode', 'Portrait mode', '人像模式'),
    v('hdr', 'HDR capture', 'HDR', 'HDR'),
    v('night_mode', 'night mode', 'Night mode', '夜景模式'),
    v('long_exposure', 'long-exposure mode', 'Long exposure', '長曝光'),
  ]),
  option('photography', 'shooting_angle', [
    v('eye_level', 'eye-level angle', 'Eye level', '平視'),
    v('low_angle', 'low angle looking up', 'Low angle', '仰角'),
    v('high_angle', 'high angle looking down', 'High angle', '俯角'),
    v('birds_eye', "bird's-eye view", "Bird's-eye", '鳥瞰'),
    v('dutch', 'tilted Dutch angle', 'Dutch angle', '傾斜角度'),
    v('profile', 'side profile', 'Profile', '側面'),
    v('three_quarter', 'three-quarter view', 'Three-quarter', '四分之三側面'),
  ]),
  option('photography', 'pose', [
    v('facing_camera', 'facing the camera', 'Facing camera', '正對鏡頭'),
    v('over_shoulder', 'looking over the shoulder', 'Over the shoulder', '回眸'),
    v('arms_crossed', 'arms crossed', 'Arms crossed', '雙臂交叉'),
    v('hand_on_chin', 'hand resting on the chin', 'Hand on chin', '手托下巴'),
    v('leaning', 'leaning casually against a wall', 'Leaning', '倚靠'),
    v('walking', 'walking towards the camera', 'Walking', '走向鏡頭'),
    v('sitting', 'seated', 'Sitting', '坐姿'),
    v('looking_away', 'looking away from the camera', 'Looking away', '望向遠方'),
  ]),
];

const style: FaceSwapOption[] = [
  option('style', 'shot_type', [
    v('extreme_close_up', 'an extreme close-up of the face', 'Extreme close-up', '大特寫'),
    v('close_up', 'a close-up headshot', 'Close-up headshot', '頭像特寫'),
    v('head_shoulders', 'a head-and-shoulders portrait', 'Head and shoulders', '半身胸像'),
    v('medium', 'a medium shot from the waist up', 'Medium shot', '中景'),
    v('full_body', 'a full-body shot', 'Full body', '全身'),
    v('environmental', 'a wide environmental portrait', 'Environmental portrait', '環境人像'),
  ]),
  option('style', 'imaging_style', [
    v('photorealistic', 'photorealistic', 'Photorealistic', '寫實'),
    v('cinematic', 'cinematic film still', 'Cinematic', '電影感'),
    v('editorial', 'editorial fashion photography', 'Editorial', '時尚雜誌'),
    v('documentary', 'documentary photography', 'Documentary', '紀實'),
    v('studio', 'clean studio portrait', 'Studio portrait', '棚拍人像'),
    v('street', 'street photography', 'Street', '街拍'),
    v('fine_art', 'fine-art portrait', 'Fine art', '藝術人像'),
  ]),
  option('style', 'artistic_style', [
    v('oil_painting', 'as a classical oil painting', 'Oil painting', '油畫'),
    v('watercolor', 'as a watercolour painting', 'Watercolour', '水彩'),
    v('anime', 'as an anime illustration', 'Anime', '動漫'),
    v('pop_art', 'as pop art', 'Pop art', '普普藝術'),
    v('pencil_sketch', 'as a pencil sketch', 'Pencil sketch', '鉛筆素描'),
    v('cyberpunk', 'in a cyberpunk style', 'Cyberpunk', '賽博龐克'),
    v('pixel_art', 'as pixel art', 'Pixel art', '像素藝術'),
    v('comic', 'as a comic-book illustration', 'Comic book', '美式漫畫'),
    v('3d_render', 'as a 3D character render', '3D render', '3D 渲染'),
  ]),
  option('style', 'art_effect', [
    v('double_exposure', 'a double-exposure effect', 'Double exposure', '雙重曝光'),
    v('glitch', 'a digital glitch effect', 'Glitch', '故障風'),
    v('neon_glow', 'a neon glow around the subject', 'Neon glow', '霓虹光暈'),
    v('halftone', 'a halftone print texture', 'Halftone', '網點'),
    v('posterized', 'posterized flat colours', 'Posterized', '色調分離'),
    v('low_poly', 'a low-poly look', 'Low poly', '低多邊形'),
  ]),
  option('style', 'depth_of_field', [
    v('shallow', 'shallow depth of field', 'Shallow', '淺景深'),
    v('medium', 'moderate depth of field', 'Medium', '中等景深'),
    v('deep', 'deep depth of field with everything sharp', 'Deep', '深景深'),
  ]),
  option('style', 'photo_effect', [
    v('black_and_white', 'black and white', 'Black and white', '黑白'),
    v('sepia', 'sepia toned', 'Sepia', '復古棕褐'),
    v('high_contrast', 'high contrast', 'High contrast', '高對比'),
    v('soft_glow', 'a soft dreamy glow', 'Soft glow', '柔光'),
    v('vignette', 'a dark vignette', 'Vignette', '暗角'),
    v('film_grain', 'analogue film grain', 'Film grain', '底片顆粒'),
    v('faded', 'a faded matte look', 'Faded matte', '褪色霧面'),
  ]),
  option('style', 'special_effect', [
    v('lens_flare', 'a warm lens flare', 'Lens flare', '鏡頭光暈'),
    v('light_rays', 'rays of light', 'Light rays', '光束'),
    v('sparkles', 'floating sparkles', 'Sparkles', '閃光粒子'),
    v('snow', 'falling snow', 'Falling snow', '飄雪'),
    v('rain', 'rain drops', 'Rain', '雨滴'),
    v('petals', 'drifting flower petals', 'Flower petals', '花瓣飄落'),
    v('smoke', 'wisps of smoke', 'Smoke', '煙霧'),
  ]),
  option('style', 'post_processing_style', [
    v('natural', 'natural colour grading', 'Natural', '自然'),
    v('warm', 'warm colour grading', 'Warm', '暖色調'),
    v('cool', 'cool colour grading', 'Cool', '冷色調'),
    v('teal_orange', 'teal and orange grading', 'Teal and orange', '青橙色調'),
    v('pastel', 'soft pastel grading', 'Pastel', '粉彩'),
    v('moody', 'dark moody grading', 'Moody', '暗調氛圍'),
    v('vibrant', 'vibrant saturated colours', 'Vibrant', '鮮豔'),
    v('muted', 'muted desaturated colours', 'Muted', '低飽和'),
  ]),
];

const environment: FaceSwapOption[] = [
  option('environment', 'environment_atmosphere', [
    v('calm', 'a calm atmosphere', 'Calm', '寧靜'),
    v('dreamy', 'a dreamy atmosphere', 'Dreamy', '夢幻'),
    v('mysterious', 'a mysterious atmosphere', 'Mysterious', '神秘'),
    v('romantic', 'a romantic atmosphere', 'Romantic', '浪漫'),
    v('energetic', 'an energetic atmosphere', 'Energetic', '活力'),
    v('melancholic', 'a melancholic atmosphere', 'Melancholic', '憂鬱'),
    v('festive', 'a festive atmosphere', 'Festive', '節慶'),
  ]),
  option('environment', 'light_style', [
    v('soft_natural', 'soft natural light', 'Soft natural', '柔和自然光'),
    v('golden_hour', 'golden hour sunlight', 'Golden hour', '黃金時刻'),
    v('blue_hour', 'blue hour twilight', 'Blue hour', '藍調時刻'),
    v('studio_softbox', 'studio softbox lighting', 'Studio softbox', '棚燈柔光箱'),
    v('rembrandt', 'Rembrandt lighting', 'Rembrandt', '林布蘭光'),
    v('neon', 'neon lighting', 'Neon', '霓虹燈光'),
    v('candlelight', 'warm candlelight', 'Candlelight', '燭光'),
    v('dramatic', 'dramatic low-key lighting', 'Dramatic', '戲劇性光線'),
  ]),
  option('environment', 'light_direction', [
    v('front', 'lit from the front', 'Front', '正面光'),
    v('left', 'lit from the left', 'Left side', '左側光'),
    v('right', 'lit from the right', 'Right side', '右側光'),
    v('back', 'backlit with a rim of light', 'Backlight', '逆光'),
    v('top', 'lit from above', 'Top', '頂光'),
    v('below', 'lit from below', 'Below', '底光'),
  ]),
  option('environment', 'background', [
    v('studio_grey', 'a plain grey studio backdrop', 'Grey studio', '灰色攝影棚'),
    v('studio_white', 'a clean white backdrop', 'White studio', '白色背景'),
    v('studio_black', 'a black backdrop', 'Black studio', '黑色背景'),
    v('city_street', 'a city street', 'City street', '城市街道'),
    v('neon_city', 'a neon-lit city at night', 'Neon city', '霓虹夜城'),
    v('beach', 'a sunny beach', 'Beach', '海灘'),
    v('forest', 'a green forest', 'Forest', '森林'),
    v('mountains', 'mountains', 'Mountains', '山景'),
    v('snow', 'a snowy landscape', 'Snowy landscape', '雪景'),
    v('garden', 'a flower garden', 'Flower garden', '花園'),
    v('office', 'a modern office', 'Office', '辦公室'),
    v('library', 'a library with bookshelves', 'Library', '圖書館'),
    v('cafe', 'a cosy café', 'Café', '咖啡館'),
    v('space', 'outer space with stars', 'Outer space', '外太空'),
  ]),
  option('environment', 'background_effect', [
    v('bokeh_lights', 'bokeh lights in the background', 'Bokeh lights', '散景光點'),
    v('gradient', 'a smooth colour gradient background', 'Gradient', '漸層'),
    v('vignette', 'a darkened vignette around the edges', 'Vignette', '暗角'),
    v('fog', 'light fog in the background', 'Fog', '薄霧'),
    v('light_leak', 'light leaks', 'Light leaks', '漏光'),
    v('motion_blur', 'motion-blurred background', 'Motion blur', '動態模糊'),
  ]),
  option('environment', 'background_blur', [
    v('none', 'a sharp background', 'None', '無'),
    v('slight', 'a slightly blurred background', 'Slight', '輕微'),
    v('moderate', 'a softly blurred background', 'Moderate', '中等'),
    v('strong', 'a strongly blurred background', 'Strong', '強烈'),
    v('creamy', 'creamy bokeh background', 'Creamy bokeh', '奶油散景'),
  ]),
];

/** Every option, in the order the page shows them and the prompt lists them (spec §3). */
export const FACE_SWAP_OPTIONS: readonly FaceSwapOption[] = [...role, ...photography, ...style, ...environment];
export const FACE_SWAP_OPTION_KEYS = FACE_SWAP_OPTIONS.map((o) => o.key);

const optionsByKey = new Map(FACE_SWAP_OPTIONS.map((o) => [o.key, o]));
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

/** Which prefix a compiled prompt starts with, if any (the offline engine's text mode looks for it). */
export function faceSwapModeOf(prompt: string): FaceSwapMode | null {
  const text = prompt.trimStart();
  if (text.startsWith(FACE_SWAP_PREFIX.generate)) return 'generate';
  if (text.startsWith(FACE_SWAP_PREFIX.edit)) return 'edit';
  return null;
}

/**
 * The choices back out of a compiled prompt: within each headed sentence, every comma-separated
 * phrase that is exactly one of that category's phrases. A prompt the user edited gives back what
 * still reads as catalogue phrases; everything else is free text for a model.
 */
export function selectionFromPrompt(prompt: string): Record<string, string> {
  const out: Record<string, string> = {};
  const headings = FACE_SWAP_CATEGORIES.map((c) => FACE_SWAP_HEADINGS[c]).join('|');
  for (const category of FACE_SWAP_CATEGORIES) {
    const pattern = new RegExp(`${FACE_SWAP_HEADINGS[category]}: (.*?)\\.(?=\\s+(?:${headings}):|\\s*$)`, 's');
    const sentence = pattern.exec(prompt)?.[1];
    if (!sentence) continue;
    for (const phrase of sentence.split(', ')) {
      for (const o of faceSwapOptionsIn(category)) {
        const found = o.values.find((v) => v.phrase === phrase.trim());
        if (found && !out[o.key]) out[o.key] = found.value;
      }
    }
  }
  return cleanSelection(out);
}

/** The user's own words can be this long (spec §5 prompt input default). */
export const FACE_SWAP_TEXT_MAX = 2000;
/** A description edited in the Preview modal, within the workbench's prompt limit once prefixed. */
export const FACE_SWAP_DESCRIPTION_MAX = 4500;
export const FACE_SWAP_NEEDS_INPUT = 'Describe the look or choose at least one option';

function parseJsonObject(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * The options field as the API receives it: an object in JSON bodies, a JSON string in multipart
 * forms. Every key must be a catalogue option and every value one of its values (empty = not chosen);
 * anything else is a 400 naming the option (`options.hair_color`).
 */
export const faceSwapSelectionSchema = z.preprocess(
  parseJsonObject,
  z
    .object(
      Object.fromEntries(
        FACE_SWAP_OPTIONS.map((o) => [
          o.key,
          z
            .union([z.literal(''), z.enum(o.values.map((v) => v.value) as [string, ...string[]])], { error: `Choose one of the listed values for ${o.key}` })
            .optional(),
        ]),
      ),
      { error: 'Options must be an object of option → value' },
    )
    .loose()
    // Not `.strict()`: its issue names no key, and the 400 should name the unknown option.
    .superRefine((selection, ctx) => {
      for (const key of Object.keys(selection)) {
        if (!optionsByKey.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'Unknown face swap option' });
      }
    }),
);

/** The face swap's own request fields (both endpoints). */
export const faceSwapRequestSchema = z.object({
  extra: multiline(z.string()).trim().max(FACE_SWAP_TEXT_MAX, `must be at most ${FACE_SWAP_TEXT_MAX} characters`).optional(),
  options: faceSwapSelectionSchema.optional(),
  /** The description as approved (and perhaps edited) in the Preview modal; compiled when absent. */
  prompt: multiline(z.string()).trim().max(FACE_SWAP_DESCRIPTION_MAX, `Prompt cannot exceed ${FACE_SWAP_DESCRIPTION_MAX} characters`).optional(),
});
export type FaceSwapRequest = z.infer<typeof faceSwapRequestSchema>;

/**
 * A validated face swap request as the server runs it: the prompt with the mode's prefix, and the
 * choices as the offline engine's parameters. The description is the one the user approved in the
 * Preview modal when sent, else compiled here from the text and the choices; it may not be empty.
 */
export function resolveFaceSwap(mode: FaceSwapMode, request: FaceSwapRequest): { prompt: string; description: string; selection: Record<string, string> } {
  const selection = cleanSelection(request.options as FaceSwapSelection | undefined);
  const description = stripFaceSwapPrefix(request.prompt ?? '') || compileFaceSwapDescription(request.extra ?? '', selection);
  if (!description) throw new ServiceError('VALIDATION_FAILED', FACE_SWAP_NEEDS_INPUT, { field: 'prompt' });
  return { prompt: compileFaceSwapPrompt(mode, description), description, selection };
}

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
  'gender', 'age', 'expression', 'eye_color', 'hair_style', 'hair_color', 'beard', 'body_weight', 'face_shape',
  'facial_feature_details', 'eye_features', 'ears', 'skin_details', 'skin_texture_effect', 'clothing_style', 'head_accessories',
] as const;

/** The option keys the offline engine acts on in a mode (the page marks them when no model is configured). */
export function offlineOptionKeys(mode: FaceSwapMode): Set<string> {
  const keys = new Set(Object.keys(FACE_SWAP_OFFLINE));
  if (mode === 'generate') for (const key of FACE_SWAP_AVATAR_KEYS) keys.add(key);
  return keys;
}
