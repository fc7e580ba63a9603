// The site table of docs/measurements.md, rendered from the code's table (girth-sites.ts) so the
// doc cannot drift from what the measurer cuts (test/processing/measure/site-table-doc.test.ts).
// Usage: node scripts/site-table.ts  (prints the Markdown table; paste it between the markers)
import { GIRTH_SITES } from '../src/processing/measure/girth-sites.ts';

const ORIENTATION = { 'horizontal': 'horizontal', 'perpendicular-to-bone': '⟂ fitted bone', 'neck-axis': '⟂ neck axis' } as const;

/** The Markdown table: one row per girth, numbered as in docs/images/measurement-sites.png. */
export function siteTableMarkdown(): string {
  const rows = GIRTH_SITES.map((site, i) => {
    const cut = site.orientation === 'perpendicular-to-bone' ? `⟂ ${site.bone} bone` : ORIENTATION[site.orientation];
    const parts = site.parts.join(', ') + (site.surface === 'all' ? ' (every loop, one ring per part)' : '');
    const extremum = site.extremum ? ` (${site.extremum === 'max' ? 'widest' : 'narrowest'}: re-cut at the girth's parabola vertex)` : '';
    return `| ${i + 1} | ${site.field} | ${site.standard} | ${site.definition} | ${parts} | ${site.level}${extremum} | ${cut} | ${site.toleranceMm} (${site.isoClass}) |`;
  });
  return ['| # | Field | Defined against | What the tape measures | Surface (body parts) | Level | Cut | ISO 20685-1 limit, mm |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

if (import.meta.main) console.log(siteTableMarkdown());
