/**
 * The words of the reprint's stamp, English then Tamil, the same on every paper and in either interface
 * language (the papers keep their bilingual headings: docs/decisions.md, Tamil and printing).
 */
export const duplicateWords = ['DUPLICATE', 'நகல்'] as const;

/**
 * The DUPLICATE / நகல் stamp of a reprinted paper (the pawn ticket, the payment receipt, the release
 * slip, the notice letter). It sits in the flow of the page, in a row of its own that takes its room,
 * so it covers no title, form name or value. With `keepRoom`, a first print keeps the same room empty,
 * so a first print and a reprint put every value in the same place (the Content Only stationery). It is
 * drawn even where its surroundings are invisible (Content Only hides the header it sits in).
 */
export function DuplicateStamp({
  isDuplicate,
  keepRoom = false,
  className = '',
}: {
  isDuplicate: boolean;
  keepRoom?: boolean;
  className?: string;
}) {
  const box = 'rounded border-2 px-2 py-0.5 text-[1.2em] leading-tight font-black whitespace-nowrap';
  if (isDuplicate) {
    return (
      <p
        data-testid="duplicate-mark"
        className={`duplicate-stamp visible inline-block w-max border-red-700 tracking-widest text-red-700 ${box} ${className}`}
      >
        {duplicateWords[0]} <span className="text-[0.75em] tracking-normal">/ {duplicateWords[1]}</span>
      </p>
    );
  }
  if (!keepRoom) return null;
  return (
    <p aria-hidden="true" className={`invisible inline-block w-max ${box} ${className}`}>
      {'\u00a0'}
    </p>
  );
}
