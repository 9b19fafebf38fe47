import { Button, type ButtonProps } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './auth-panel.module.css';

type TGoogleButtonProps = Pick<ButtonProps, 'variant'> & {
  children: ReactNode;
  /** A link to the sign-in start, or the submit button of a form that starts it. */
  href?: string;
  type?: 'submit';
  /** The /login page's Register link, which the prerendered page's script points at the chosen role. */
  registerLink?: boolean;
};

/** The full-width "… with Google" button of the side panel and the /login page; long labels wrap. */
export function GoogleButton({ children, href, type, variant, registerLink }: TGoogleButtonProps) {
  const common = {
    size: 'md',
    fullWidth: true,
    variant,
    classNames: { root: classes.wrapRoot, label: classes.wrapLabel },
    leftSection: <IconBrandGoogle size={20} aria-hidden />,
  } as const;
  return href ? (
    <Button component="a" href={href} data-register-link={registerLink ? '' : undefined} {...common}>
      {children}
    </Button>
  ) : (
    <Button type={type} {...common}>
      {children}
    </Button>
  );
}
