import { Link } from 'react-router';
import classes from './brand.module.css';

/** The product's mark: a cap over the name. Decorative SVG; the link's text is the name. */
export function Brand({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} className={classes.brand} aria-label={compact ? 'UniApply' : undefined}>
      <svg className={classes.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#1971c2" />
        <path d="M16 8 4 14l12 6 12-6-12-6Z" fill="#fff" />
        <path d="M9 17.5v4.5c0 1.7 3.1 3 7 3s7-1.3 7-3v-4.5l-7 3.5-7-3.5Z" fill="#fff" opacity=".85" />
      </svg>
      {!compact && <span className={classes.name}>UniApply</span>}
    </Link>
  );
}
