/* pref-solver C engine: the мизер odds' safety proof over many layouts at once.
 *
 * pref_misere_safe_layouts is solver.analysis.misere_safety.safe_layouts step for step, with
 * its per-suit tables handed in: for each layout (X's hand; Y holds the rest of the unseen
 * cards), is the мизер player proved never to take a trick?  The tables are the per-split
 * answers of the one-suit games with the catchers' throw-away budgets (misere_safety's
 * _budget_table), which Python builds once per suit; what is done here is the per-layout
 * part, which numpy did in some forty passes over the layouts (a fifth of a P(caught) call). */
#include "engine.h"

#define SAFE_BUDGETS 8 /* budgets 0..7, 7 being no limit (misere_safety.BUDGET_LIMIT) */
#define SAFE_TABLE (256 * SAFE_BUDGETS * SAFE_BUDGETS)

/* misere_safety._proved: every suit safe; when M leads trick one, also a safe lead in some
 * suit with the other three safe */
static inline int proved(int safe, int lead, int m_leads)
{
    if (!m_leads)
        return safe == 0xF;
    int unsafe = ~safe & 0xF;
    return popc32((uint32_t)unsafe) <= 1 && (lead & (unsafe ? unsafe : 0xF)) != 0;
}

static inline int clip(int b) { return b < SAFE_BUDGETS - 1 ? b : SAFE_BUDGETS - 1; }
static inline int pos0(int v) { return v > 0 ? v : 0; }
static inline int min2(int a, int b) { return a < b ? a : b; }

/* the answer of game k (0 plain, 1 M's lead, 2 mirrored) for suit s, X holding x */
static inline int answer(const uint8_t *tables, int s, int k, uint32_t x, int bx, int by)
{
    size_t at = (size_t)(s * 3 + k) * SAFE_TABLE + (x * SAFE_BUDGETS + bx) * SAFE_BUDGETS + by;
    return tables[at] != 0;
}

int pref_misere_safe_layouts(const uint8_t *tables, uint32_t kept, uint32_t pool, int m_leads,
                             int lead_suits, const int64_t *x_masks, int64_t n, int8_t *proved_out)
{
    if (n < 0 || m_leads < 0 || m_leads > 1 || lead_suits < 0 || lead_suits > 0xF)
        return PREF_E_ARG;
    if (n > 0 && (!tables || !x_masks || !proved_out))
        return PREF_E_NULL;
    if (kept & pool)
        return PREF_E_HAND;
    for (int64_t i = 0; i < n; i++)
        if ((uint64_t)x_masks[i] & ~(uint64_t)pool)
            return PREF_E_HAND;
    int lm[4], lp[4];
    for (int s = 0; s < 4; s++) {
        lm[s] = popc32(SUIT_BITS(kept, s));
        lp[s] = popc32(SUIT_BITS(pool, s));
    }
    for (int64_t i = 0; i < n; i++) {
        uint32_t xm = (uint32_t)x_masks[i];
        uint32_t h[4];
        int lx[4], ly[4];
        int safe = 0, lead = 0, safe0 = 0, lead0 = 0;
        for (int s = 0; s < 4; s++) {
            h[s] = SUIT_BITS(xm, s);
            lx[s] = popc32(h[s]);
            ly[s] = lp[s] - lx[s];
            safe |= answer(tables, s, 0, h[s], 7, 7) << s;
            safe0 |= answer(tables, s, 0, h[s], 0, 0) << s;
            if (lead_suits >> s & 1) {
                lead |= answer(tables, s, 1, h[s], 7, 7) << s;
                lead0 |= answer(tables, s, 1, h[s], 0, 0) << s;
            }
        }
        int8_t ok = (int8_t)proved(safe, lead, m_leads);
        /* the throw-away budgets can only clear what the game with no throw-away clears */
        if (!ok && proved(safe0, lead0, m_leads)) {
            /* misere_safety.throw_budgets: the other suits' surplus of one catcher's length
             * over the other's, plus one on M's lead of trick one */
            int gx[4], gy[4], sx = 0, sy = 0;
            for (int t = 0; t < 4; t++) {
                gx[t] = pos0(ly[t] - lx[t]);
                gy[t] = pos0(lx[t] - ly[t]);
                sx += gx[t];
                sy += gy[t];
            }
            for (int s = 0; s < 4; s++) {
                int bx = clip(sx - gx[s] + m_leads), by = clip(sy - gy[s] + m_leads);
                if (!(safe >> s & 1))
                    safe |= answer(tables, s, 0, h[s], bx, by) << s;
                if ((lead_suits >> s & 1) && !(lead >> s & 1))
                    lead |= answer(tables, s, 1, h[s], bx, by) << s;
            }
            ok = (int8_t)proved(safe, lead, m_leads);
            if (!ok) {
                /* one suit mirrored (misere_safety._prove_mirrored, solo_throw_budgets) */
                int mx[4], my[4], tx = 0, ty = 0;
                for (int t = 0; t < 4; t++) {
                    mx[t] = pos0(min2(ly[t], lm[t]) - lx[t]);
                    my[t] = pos0(min2(lx[t], lm[t]) - ly[t]);
                    tx += mx[t];
                    ty += my[t];
                }
                for (int s = 0; s < 4 && !ok; s++) {
                    if (!lm[s] || (safe >> s & 1))
                        continue;
                    int bx = clip(tx - mx[s] + m_leads), by = clip(ty - my[s] + m_leads);
                    ok = (int8_t)(answer(tables, s, 2, h[s], bx, by) &&
                                  proved(safe | 1 << s, lead, m_leads));
                }
            }
        }
        proved_out[i] = ok;
    }
    return PREF_OK;
}
