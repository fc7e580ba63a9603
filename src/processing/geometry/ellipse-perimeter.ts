/**
 * Exact perimeter of an ellipse with semi-axes a, b (any length unit; result in the same unit).
 * Gauss–Kummer / arithmetic–geometric mean form (Abramowitz & Stegun 17.6):
 *   P = 2π/M(a,b) · (a² − Σ_{n≥0} 2^{n−1} c_n²),  c_0² = a² − b²,  c_{n+1} = (a_n − b_n)/2.
 * Converges quadratically; accurate to machine precision after a handful of steps. This is the
 * truth oracle for synthetic-body girths, so no approximation such as Ramanujan's is used.
 */
export function ellipsePerimeter(a: number, b: number): number {
  let an = Math.abs(a);
  let bn = Math.abs(b);
  if (an < bn) [an, bn] = [bn, an];
  if (an === 0) return 0;
  let sum = 0.5 * (an * an - bn * bn);
  let power = 0.5;
  for (let i = 0; i < 40; i++) {
    const cNext = 0.5 * (an - bn);
    const aNext = 0.5 * (an + bn);
    bn = Math.sqrt(an * bn);
    an = aNext;
    power *= 2;
    const term = power * cNext * cNext;
    sum += term;
    if (term <= 1e-18 * an * an) break;
  }
  return (2 * Math.PI / an) * (a * a > b * b ? a * a : b * b) - (2 * Math.PI / an) * sum;
}
