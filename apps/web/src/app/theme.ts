import { Button, type CSSVariablesResolver, createTheme, getDefaultZIndex } from '@mantine/core';

// Mantine's default blue-6 and red-6 fail WCAG AA contrast on white (DESIGN 2): filled colours use
// shade 8 and the error, dimmed and link colours are moved to shades that reach 4.5:1.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  components: {
    // A long translated label wraps on a phone instead of being cut off (session 8: "Qabul qilish
    // va yana 1 tasini rad etish" lost its end at 360 px); a one-line button keeps its height.
    Button: Button.extend({
      styles: {
        root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 5 },
        label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
      },
    }),
    // Every toast host (the shell's, the tests'): toasts sit above the header and page (app, 100)
    // but under any dialog or drawer (modal, 200) and its overlay. Above them (the old 1000), the
    // "status was changed" toast on a 360 px phone hid the title and close button of the "Change
    // the offer's terms" dialog opened right after the move (issue 22 leftover). A toast shown
    // while a dialog is open is dimmed behind it, never over the dialog's title or buttons.
    Notifications: { defaultProps: { zIndex: getDefaultZIndex('modal') - 1 } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
  },
  dark: {},
});
