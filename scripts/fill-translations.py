"""Fills web/src/locales/zh-Hant/messages.po from scripts/zh-hant.json and scripts/zh-hant/*.json
(one file per area, so parallel work does not edit one table); run after `npm run i18n:extract`."""
import glob, json, re, sys
po_path = 'web/src/locales/zh-Hant/messages.po'
table = json.load(open('scripts/zh-hant.json', encoding='utf-8'))
for extra in sorted(glob.glob('scripts/zh-hant/*.json')):
    table.update(json.load(open(extra, encoding='utf-8')))
po = open(po_path, encoding='utf-8').read()
missing = []
def fill(m):
    msgid = m.group(1)
    key = json.loads(f'"{msgid}"')
    if key == "":
        return m.group(0)
    if key not in table:
        missing.append(key)
        return m.group(0)
    return f'msgid "{msgid}"\nmsgstr {json.dumps(table[key], ensure_ascii=False)}'
po = re.sub(r'msgid "((?:[^"\\]|\\.)*)"\nmsgstr "[^\n]*"', fill, po)
open(po_path, 'w', encoding='utf-8').write(po)
if missing:
    print('missing translations:', *missing, sep='\n  ')
    sys.exit(1)
