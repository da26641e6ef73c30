import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/endpoints';
import { Button } from '../../ui/button';
import { downloadImage } from '../../ui/download';
import { Page } from '../../ui/page';
import { useToast } from '../../ui/toast';
import { useLoginModal } from '../auth/login-modal';
import { useGeneration } from '../workbench/use-generation';
import { ID_PHOTO_COLOURS, ID_PHOTO_SIZES, type Tool } from './catalogue';

const TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const LOGO_SUGGESTIONS = ['business', 'creative', 'minimal', 'tech'] as const;

/** A single-purpose tool (spec §2 generic tool page): one source image (or a description for logos) and a fixed prompt template. */
export function ToolPage({ tool }: { tool: Tool }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const toast = useToast();
  const login = useLoginModal();
  const generation = useGeneration();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [extra, setExtra] = useState('');
  const [idSize, setIdSize] = useState<keyof typeof ID_PHOTO_SIZES>('oneInch');
  const [colour, setColour] = useState<string>('#ffffff');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function choose(files: FileList | null) {
    if (!files?.length) return;
    if (files.length > 1) return toast.error(t`Please select one image`);
    const f = files[0]!;
    if (!TYPES.includes(f.type)) return toast.error(t`Only JPG, PNG, WebP formats are supported`);
    if (f.size > 10 * 1024 * 1024) return toast.error(t`Image size cannot exceed 10MB`);
    setFile(f);
    setPreview(URL.createObjectURL(f));
    setError(undefined);
  }

  function generate() {
    const title = i18n._(tool.title);
    if (tool.kind === 'logo') {
      const text = extra.trim();
      if (text.length < 5 || text.length > 2000) return setError(t`Please enter logo description`);
    } else if (!file) {
      setError(t`${title} requires an image`);
      return toast.error(t`${title} requires an image`);
    }
    setError(undefined);
    const prompt = tool.template.replace('{extra}', extra.trim() + (tool.kind === 'id-photo' ? ` Background colour ${colour}.` : '')).trim();
    login.requireSignIn(() =>
      void generation.start(() => {
        if (tool.kind === 'logo') return api.generate({ prompt, style: tool.style, width: 1024, height: 1024, model: 'nano', toolId: tool.toolId });
        const form = new FormData();
        form.append('prompt', prompt);
        form.append('style', tool.style);
        form.append('toolId', tool.toolId);
        if (tool.kind === 'id-photo') {
          const size = ID_PHOTO_SIZES[idSize];
          form.append('width', String(Math.max(size.width, 256)));
          form.append('height', String(Math.max(size.height, 256)));
        }
        form.append('images', file!, file!.name);
        return api.edit(form);
      }),
    );
  }

  const result = generation.result;
  return (
    <Page wide>
      <Link to="/ai-tools-workbench" className="text-sm text-zinc-400 hover:text-white">← <Trans>Back to tools</Trans></Link>
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">{i18n._(tool.title)}</h1>
      <p className="mt-1 text-zinc-400">{i18n._(tool.description)}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,420px)_1fr]">
        <section className="card flex flex-col gap-4 p-5">
          {tool.kind !== 'logo' && (
            <div>
              <button type="button" onClick={() => input.current?.click()} className="flex w-full flex-col items-center gap-2 rounded-xl border-2 border-dashed border-white/15 p-5 text-sm hover:border-white/30">
                {preview ? <img src={preview} alt="" className="max-h-56 rounded-lg" /> : <><span aria-hidden className="text-2xl">⬆</span><Trans>Upload a photo (PNG, JPG, WebP or GIF, up to 10 MB)</Trans></>}
              </button>
              <input ref={input} type="file" accept={TYPES.join(',')} hidden data-testid="tool-upload" onChange={(e) => choose(e.target.files)} />
            </div>
          )}
          {tool.kind === 'id-photo' && (
            <div className="grid grid-cols-2 gap-3 text-sm">
              <label className="flex flex-col gap-1">
                <Trans>Size</Trans>
                <select value={idSize} onChange={(e) => setIdSize(e.target.value as keyof typeof ID_PHOTO_SIZES)} className="rounded-lg border border-white/10 bg-ink-900 px-2 py-2">
                  <option value="oneInch">{t`1 inch (2.5×3.5 cm)`}</option>
                  <option value="twoInch">{t`2 inch (3.5×5.3 cm)`}</option>
                  <option value="passport">{t`Passport (3.5×4.5 cm)`}</option>
                  <option value="visa">{t`Visa (5.1×5.1 cm)`}</option>
                </select>
              </label>
              <fieldset className="flex flex-col gap-1">
                <legend><Trans>Background</Trans></legend>
                <div className="flex gap-2 pt-1">
                  {ID_PHOTO_COLOURS.map((c) => (
                    <button key={c} type="button" aria-label={c} aria-pressed={colour === c} onClick={() => setColour(c)} className={`h-8 w-8 rounded-full border-2 ${colour === c ? 'border-fuchsia-400' : 'border-white/20'}`} style={{ background: c }} />
                  ))}
                </div>
              </fieldset>
            </div>
          )}
          <label className="flex flex-col gap-1.5 text-sm">
            {tool.kind === 'logo' ? <Trans>Describe your logo</Trans> : <Trans>Extra wishes (optional)</Trans>}
            <textarea value={extra} onChange={(e) => setExtra(e.target.value)} rows={3} maxLength={2000} className="rounded-xl border border-white/10 bg-ink-900 p-3 outline-none focus:border-violet-400" />
            <span className="self-end text-xs text-zinc-500">{extra.length} / 2000</span>
          </label>
          {tool.kind === 'logo' && (
            <div className="flex flex-wrap gap-2">
              {LOGO_SUGGESTIONS.map((s) => (
                <button key={s} type="button" onClick={() => setExtra((v) => (v ? `${v}, ${s}` : s))} className="rounded-full border border-white/10 px-3 py-1 text-xs capitalize hover:bg-white/5">{s}</button>
              ))}
            </div>
          )}
          {error && <p role="alert" className="text-sm text-rose-300">{error}</p>}
          <Button isDisabled={generation.phase === 'generating'} onPress={generate} className="w-full py-3">
            {generation.phase === 'generating' ? <Trans>Generating… {Math.round(generation.progress)}%</Trans> : <Trans>Generate</Trans>}
          </Button>
        </section>
        <section className="card flex min-h-[360px] items-center justify-center p-5" aria-live="polite">
          {generation.phase === 'generating' && <div className="skeleton aspect-square w-full max-w-sm rounded-2xl" />}
          {generation.phase === 'done' && result?.imageUrl && (
            <figure>
              <img src={result.imageUrl} alt="" className="mx-auto max-h-[560px] rounded-2xl" data-testid="result-image" />
              <figcaption className="mt-4 flex justify-center gap-2">
                <Button variant="secondary" onPress={() => void downloadImage(result.imageUrl!).then(() => toast.success(t`Download started`), () => toast.error(t`Download failed`))}><Trans>Download</Trans></Button>
                <Button variant="secondary" onPress={generate}><Trans>Regenerate</Trans></Button>
              </figcaption>
            </figure>
          )}
          {generation.phase === 'idle' && <p className="text-zinc-500"><Trans>Your result will appear here.</Trans></p>}
        </section>
      </div>
    </Page>
  );
}
