/**
 * The visual track and knob of a switch (put it inside one whose class includes `group`): it follows
 * the switch's `data-selected` and `data-disabled`, which react-aria's Switch sets and a native one copies.
 */
export function SwitchTrack() {
  return (
    <span
      aria-hidden
      className="relative h-6 w-11 shrink-0 rounded-full bg-white/15 transition group-data-[selected]:bg-gradient-to-r group-data-[selected]:from-violet-500 group-data-[selected]:to-fuchsia-500 group-data-[disabled]:opacity-50"
    >
      <span className="absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5" />
    </span>
  );
}
