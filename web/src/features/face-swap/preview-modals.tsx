import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Dialog, Heading, Label, Modal, ModalOverlay, TextArea, TextField } from 'react-aria-components';
import { FACE_SWAP_DESCRIPTION_MAX } from '@worker/contract/face-swap';
import { Button } from '../../ui/button';
import { checkTextLimit } from '../workbench/text-limit';
import { TextLimitNote } from '../workbench/text-limit-note';
import { RunCost, useImageCost } from '../image-job/run-cost';

const OVERLAY = 'fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-black/70 p-3 backdrop-blur-sm sm:items-center sm:p-4';
const CARD = 'card max-h-[calc(100dvh-1.5rem)] overflow-y-auto bg-ink-900/95 p-5 outline-none sm:p-6';

/**
 * The prompt the model will receive, before generating (beyond the spec): the fixed
 * identity-preserving prefix, read-only, then the description compiled from the text and the
 * options, which the user may edit. The server adds the same prefix, whatever is edited.
 */
export function PromptPreviewModal({
  isOpen,
  onClose,
  prefix,
  compiled,
  edited,
  onSave,
  onGenerate,
  busy,
}: {
  isOpen: boolean;
  onClose: () => void;
  prefix: string;
  compiled: string;
  edited: string | null;
  onSave: (description: string | null) => void;
  onGenerate: (description: string | null) => void;
  busy: boolean;
}) {
  const [draft, setDraft] = useState(edited ?? compiled);
  const cost = useImageCost();
  useEffect(() => {
    if (isOpen) setDraft(edited ?? compiled);
  }, [isOpen, edited, compiled]);
  // An unchanged draft is not an edit: the page keeps following the options then.
  const result = () => (draft.trim() === compiled.trim() ? null : draft.trim());
  const limit = checkTextLimit(draft, { max: FACE_SWAP_DESCRIPTION_MAX, required: true });
  const tooLong = limit.kind === 'too-long';
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable className={OVERLAY}>
      <Modal className="w-full max-w-2xl">
        <Dialog data-testid="prompt-preview" className={CARD}>
          <PreviewTitle onClose={onClose} />
          <p className="mt-1 text-sm text-zinc-400">
            <Trans>
              This is what the image model receives. You can edit the description; the instruction to keep the person's identity always
              stays in front of it.
            </Trans>
          </p>
          <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-zinc-500">
            <Trans>Fixed instruction</Trans>
          </p>
          <p data-testid="prompt-prefix" className="mt-1 rounded-xl border border-white/5 bg-white/[0.03] p-3 text-sm text-zinc-400">
            {prefix}
          </p>
          <DescriptionField draft={draft} onChange={setDraft} limit={limit} />
          <div className="mt-4">
            <RunCost cost={cost} testId="preview-run-cost" />
          </div>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onPress={() => setDraft(compiled)} isDisabled={draft === compiled}>
              <Trans>Reset to my options</Trans>
            </Button>
            <Button
              variant="secondary"
              isDisabled={tooLong || !draft.trim()}
              onPress={() => {
                onSave(result());
                onClose();
              }}
            >
              <Trans>Use this prompt</Trans>
            </Button>
            <Button
              isDisabled={tooLong || !draft.trim() || busy}
              onPress={() => {
                onClose();
                onGenerate(result());
              }}
            >
              <Trans>Generate with this prompt</Trans>
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function PreviewTitle({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <div className="flex items-start justify-between gap-4">
      <Heading slot="title" className="text-xl font-bold">
        <Trans>Preview the prompt</Trans>
      </Heading>
      <button
        type="button"
        onClick={onClose}
        aria-label={t`Close`}
        className="rounded-lg p-1 text-zinc-400 hover:bg-white/10 hover:text-white"
      >
        <X aria-hidden className="h-5 w-5" />
      </button>
    </div>
  );
}

/** The editable description, with its length limit. */
function DescriptionField({
  draft,
  onChange,
  limit,
}: {
  draft: string;
  onChange: (draft: string) => void;
  limit: ReturnType<typeof checkTextLimit>;
}) {
  const tooLong = limit.kind === 'too-long';
  return (
    <TextField value={draft} onChange={onChange} className="mt-4 flex flex-col gap-1.5" isInvalid={tooLong}>
      <Label className="text-xs font-semibold uppercase tracking-wide text-zinc-500">
        <Trans>Description (editable)</Trans>
      </Label>
      <TextArea
        rows={7}
        data-testid="prompt-description"
        aria-describedby="prompt-description-limit"
        className={`rounded-xl border bg-ink-950 p-3 text-sm leading-relaxed text-zinc-100 outline-none focus:border-violet-400 ${tooLong ? 'border-rose-400' : 'border-white/10'}`}
      />
      <TextLimitNote id="prompt-description-limit" state={limit} max={FACE_SWAP_DESCRIPTION_MAX} />
    </TextField>
  );
}

/** Spec §2 result Preview: the image large, with the prompt it was made from and Download. */
export function ResultPreviewModal({
  imageUrl,
  prompt,
  onClose,
  onDownload,
}: {
  imageUrl: string | null;
  prompt: string;
  onClose: () => void;
  onDownload: () => void;
}) {
  const { t } = useLingui();
  return (
    <ModalOverlay isOpen={imageUrl !== null} onOpenChange={(open) => !open && onClose()} isDismissable className={OVERLAY}>
      <Modal className="w-full max-w-3xl">
        <Dialog data-testid="result-preview" className={CARD}>
          <div className="flex items-start justify-between gap-4">
            <Heading slot="title" className="text-xl font-bold">
              <Trans>Preview</Trans>
            </Heading>
            <button
              type="button"
              onClick={onClose}
              aria-label={t`Close`}
              className="rounded-lg p-1 text-zinc-400 hover:bg-white/10 hover:text-white"
            >
              <X aria-hidden className="h-5 w-5" />
            </button>
          </div>
          {imageUrl && (
            <img
              src={imageUrl}
              alt={t`Your avatar, large`}
              className="mx-auto mt-4 max-h-[65vh] w-full max-w-xl rounded-2xl object-contain"
            />
          )}
          <details className="mt-4 text-sm text-zinc-400">
            <summary className="cursor-pointer text-zinc-300">
              <Trans>Prompt used</Trans>
            </summary>
            <p className="mt-2 whitespace-pre-wrap">{prompt}</p>
          </details>
          <div className="mt-4 flex justify-end">
            <Button onPress={onDownload}>
              <Trans>Download</Trans>
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
