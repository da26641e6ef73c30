import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ImagePlus } from 'lucide-react';
import { oneOf, searchParams, text } from '@web/lib/search-params';
import { AdvancedOptions, type WorkbenchMode } from '@web/features/workbench/advanced-options';
import { JobButtonLabel, JobResultPanel } from '@web/features/image-job/job-result-panel';
import { BatchGrid, preloadResultMenu } from '@web/features/workbench/results';
import { SourceImages } from '@web/features/workbench/source-images';
import { useWorkbench, useWorkbenchRun, type WorkbenchState } from '@web/features/workbench/use-workbench';
import { CountPicker, InspirationTags, PromptField, QuickStyles, SizePicker, StylePicker } from '@web/features/workbench/workbench-fields';
import { WorkbenchResult, WorkbenchWaiting } from '@web/features/workbench/workbench-result';
import { Button } from '@web/ui/button';
import { Page } from '@web/ui/page';
import { Tabs } from '@web/ui/tabs';

/** <Trans> renders in the current language wherever it is created, so the tab labels can be built once. */
const MODE_TABS = [
  ['text-to-image', <Trans key="t">Text to image</Trans>],
  ['image-to-image', <Trans key="i">Image editing</Trans>],
] as const;

/** Text to image or image editing: a tab each, kept in the address (?mode=). */
function ModeTabs({ mode }: { mode: WorkbenchMode }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <Tabs<WorkbenchMode>
      label={t`Mode`}
      items={MODE_TABS.map(([id, label]) => ({ id, label }))}
      selectedKey={mode}
      onSelectionChange={(value) => void navigate({ to: '/ai-workbench', search: (s) => ({ ...s, mode: value }) })}
      listClassName="grid grid-cols-2 gap-1 rounded-xl bg-ink-900 p-1"
      tabClassName="rounded-lg px-3 py-2 text-sm font-medium text-zinc-400 hover:text-white data-[selected]:bg-white/10 data-[selected]:text-white"
    />
  );
}

/** The form side: mode, inputs, prompt, style, size, advanced options, count and price, and Start. */
function WorkbenchForm({ wb, onStart }: { wb: WorkbenchState; onStart: () => void }) {
  const { mode, blocker } = wb;
  return (
    <section className="card flex flex-col gap-5 p-5">
      <ModeTabs mode={mode} />
      {mode === 'image-to-image' && (
        <div>
          <SourceImages images={wb.images} />
          <QuickStyles form={wb.text} />
        </div>
      )}
      {mode === 'text-to-image' && <InspirationTags form={wb.text} />}
      <PromptField form={wb.text} mode={mode} limit={wb.promptLimit} />
      <StylePicker form={wb.text} />
      {mode === 'text-to-image' && <SizePicker value={wb.size} onChange={wb.setSize} />}
      <AdvancedOptions
        mode={mode}
        value={wb.advanced}
        onChange={wb.setAdvanced}
        honoured={wb.honoured}
        preflight={wb.preflight}
        isExpanded={wb.advancedOpen}
        onExpandedChange={wb.setAdvancedOpen}
      />
      <CountPicker count={wb.count} onChange={wb.setCount} cost={wb.cost} />
      <Button
        isDisabled={wb.generating || blocker !== null}
        onPress={onStart}
        className="w-full py-3"
        aria-describedby={blocker ? 'workbench-start-blocker' : undefined}
      >
        <JobButtonLabel job={wb.generation} busy={wb.generating} idle={<Trans>Start generating</Trans>} />
      </Button>
      {blocker && (
        <p id="workbench-start-blocker" data-testid="start-blocker" className="-mt-3 text-center text-xs text-zinc-400">
          {blocker}
        </p>
      )}
    </section>
  );
}

function Workbench() {
  const search = Route.useSearch();
  const wb = useWorkbench(search.mode ?? 'text-to-image', search);
  const run = useWorkbenchRun(wb, search.sourceRecordId);
  const prompt = wb.text.prompt;
  return (
    <Page wide title={<Trans>AI workbench</Trans>} subtitle={<Trans>Describe it, pick a style, and watch it appear.</Trans>}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,440px)_1fr]">
        <WorkbenchForm
          wb={wb}
          onStart={() => {
            preloadResultMenu();
            run.start(search.updateRecordId);
          }}
        />
        <JobResultPanel
          job={wb.generation}
          className="card flex min-h-[420px] scroll-mt-20 items-center justify-center p-5"
          instead={
            wb.batchIds && (
              <BatchGrid
                statuses={wb.batch.statuses}
                mode={wb.ranMode}
                prompt={prompt}
                onReuseSeed={run.reuseSeed}
                onMoreLikeThis={run.moreLikeThis}
                busy={wb.generating}
              />
            )
          }
          waiting={<WorkbenchWaiting job={wb.generation} />}
          result={(result) => (
            <WorkbenchResult
              result={result}
              mode={wb.ranMode}
              prompt={prompt}
              busy={wb.generating}
              onReuseSeed={run.reuseSeed}
              onMoreLikeThis={run.moreLikeThis}
              onRegenerate={() => run.start(result.recordId)}
            />
          )}
          idle={
            <div className="text-center text-zinc-500">
              <ImagePlus aria-hidden className="mx-auto h-12 w-12 text-fuchsia-300/70" strokeWidth={1.5} />
              <p className="mt-3">
                <Trans>Your image will appear here.</Trans>
              </p>
            </div>
          }
        />
      </div>
    </Page>
  );
}

export const Route = createFileRoute('/ai-workbench')({
  validateSearch: searchParams({
    mode: oneOf(['text-to-image', 'image-to-image'] as const),
    prompt: text(5000),
    updateRecordId: text(64),
    imageUrls: text(5000),
    /** The creation the preloaded image came from (Re-edit, "Use as input"): the edit is linked to it. */
    sourceRecordId: text(64),
  }),
  component: Workbench,
});
