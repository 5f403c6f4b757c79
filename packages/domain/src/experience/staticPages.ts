/**
 * The §2 top-level routes under `/static/` (issue 15 §5, docs/decisions.md "Top-level /static
 * routes"): pages outside the menu that links and redirects land on.
 */
export const STATIC_PAGE_PATHS = {
  /** Link forwarder (§2 "lazy-loaded screen"): `?to=<console path>&project=<id>` opens that page of that project. */
  linkForward: '/static/lrf',
  /** A project transferred to you: `?project=<id>` — the receiver's landing page. */
  transfer: '/static/transfer',
  /** A device handed from cloud management (1) to local management (2): `?project=<id>&device=<id>`. */
  toLocalManagement: '/static/transferToLocalDev',
  /** Where a social (WeChat-style) sign-in returns once signed in, before the console opens. */
  socialReturn: '/static/wechatTransfer',
} as const;

/** Query keys of the /static pages. */
export const STATIC_PAGE_QUERY = { to: 'to', project: 'project', device: 'device' } as const;

/**
 * The console path a forward link may open: an absolute path of this console (no scheme, no host,
 * no `//`, no backslash), else null — a link never sends anyone off-site.
 */
export function safeForwardPath(to: string | null): string | null {
  if (!to?.startsWith('/') || to.startsWith('//') || to.includes('\\')) return null;
  if ([...to].some((ch) => ch.charCodeAt(0) < 0x20)) return null;
  return to;
}
