import { Button, type ButtonProps } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './auth-panel.module.css';

type TGoogleButtonProps = Pick<ButtonProps, 'variant'> & {
  children: ReactNode;
  /** A link to the sign-in start, or a click handler when a choice must be checked first. */
  href?: string;
  onClick?: () => void;
};

/** The full-width "… with Google" button of the side panel and the /login page; long labels wrap. */
export function GoogleButton({ children, href, onClick, variant }: TGoogleButtonProps) {
  const common = {
    size: 'md',
    fullWidth: true,
    variant,
    classNames: { root: classes.wrapRoot, label: classes.wrapLabel },
    leftSection: <IconBrandGoogle size={20} aria-hidden />,
  } as const;
  return href ? (
    <Button component="a" href={href} {...common}>
      {children}
    </Button>
  ) : (
    <Button onClick={onClick} {...common}>
      {children}
    </Button>
  );
}
