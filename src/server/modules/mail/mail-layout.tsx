// Each component from its own package: the @react-email/components barrel also loads Tailwind,
// Markdown and Prism, which took 0.6 s of every start and test file for nothing mail uses.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BRAND_COLOUR, BRAND_TINT } from '../../../shared/brand';
import type { StoreIdentity } from '../../store-identity';

/**
 * Where the worker puts the footer as it sends (mail-outbox.ts), so every mail, laid out here or
 * not, ends with the seller's details as they are when it leaves.
 */
export const MAIL_FOOTER_SLOT = '[[mail-footer]]';

// Mail clients ignore <style> blocks unevenly (Gmail strips some, Outlook's Word engine most), so
// every style is inline and the fonts are ones each system has.
const FONT = 'Arial, "Helvetica Neue", Helvetica, sans-serif';
export const mailStyles = {
  text: { fontSize: '15px', lineHeight: '22px', color: '#1c1917', margin: '0 0 14px' },
  small: { fontSize: '13px', lineHeight: '19px', color: '#57534e', margin: '0 0 12px' },
  cell: { fontSize: '15px', lineHeight: '21px', color: '#1c1917', padding: '6px 0', verticalAlign: 'top' },
  amount: {
    fontSize: '15px',
    lineHeight: '21px',
    color: '#1c1917',
    padding: '6px 0 6px 12px',
    textAlign: 'right',
    whiteSpace: 'nowrap',
    verticalAlign: 'top',
  },
  rule: { borderTop: '1px solid #e7e5e4' },
  quote: {
    fontSize: '15px',
    lineHeight: '22px',
    color: '#1c1917',
    margin: '0 0 14px',
    padding: '10px 14px',
    borderLeft: `4px solid ${BRAND_COLOUR}`,
    backgroundColor: BRAND_TINT,
  },
} satisfies Record<string, CSSProperties>;

export type MailAction = { label: string; href: string };

/** Every mail's frame: the store's name on its colour, the words, one button, the footer's slot. */
function MailLayout({
  store,
  preview,
  heading,
  action,
  children,
}: {
  store: Pick<StoreIdentity, 'storeName' | 'supportEmail'>;
  preview: string;
  heading: string;
  action: MailAction | null;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f5f5f4', margin: 0, padding: '16px 0', fontFamily: FONT }}>
        <Container
          style={{ maxWidth: '600px', width: '100%', backgroundColor: '#ffffff', borderRadius: '8px' }}
        >
          <Section
            style={{ backgroundColor: BRAND_COLOUR, padding: '18px 24px', borderRadius: '8px 8px 0 0' }}
          >
            <Text
              style={{
                margin: 0,
                fontSize: '22px',
                lineHeight: '28px',
                fontWeight: 700,
                color: '#ffffff',
                fontFamily: FONT,
              }}
            >
              {store.storeName}
            </Text>
          </Section>
          <Section style={{ padding: '24px 24px 8px' }}>
            <Heading
              as="h1"
              style={{ fontSize: '20px', lineHeight: '26px', margin: '0 0 16px', color: '#1c1917' }}
            >
              {heading}
            </Heading>
            {children}
            {action ? (
              <Section style={{ padding: '8px 0 20px' }}>
                <Button
                  href={action.href}
                  style={{
                    backgroundColor: BRAND_COLOUR,
                    color: '#ffffff',
                    fontSize: '16px',
                    fontWeight: 700,
                    borderRadius: '6px',
                    padding: '12px 22px',
                    textDecoration: 'none',
                  }}
                >
                  {action.label}
                </Button>
              </Section>
            ) : null}
            <Text style={mailStyles.small}>
              Questions? Write to{' '}
              <a href={`mailto:${store.supportEmail}`} style={{ color: BRAND_COLOUR }}>
                {store.supportEmail}
              </a>
              .
            </Text>
          </Section>
          <Section style={{ padding: '0 24px 20px' }}>{MAIL_FOOTER_SLOT}</Section>
        </Container>
      </Body>
    </Html>
  );
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * A mail's HTML part. Rendered with react-dom's synchronous renderer (what React Email's async
 * `render` wraps), so every template stays a plain function returning its mail; the components
 * carry no Suspense, so nothing is lost.
 */
export function renderMailHtml(
  props: {
    store: Pick<StoreIdentity, 'storeName' | 'supportEmail'>;
    preview: string;
    heading: string;
    action: MailAction | null;
  },
  children: ReactNode,
): string {
  return `${DOCTYPE}${renderToStaticMarkup(<MailLayout {...props}>{children}</MailLayout>)}`;
}

/**
 * Paragraphs of plain words, each line kept: for mails whose HTML is their text, laid out. The
 * text's link and sign-off paragraphs are left out: the button and the layout's last line say them.
 */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split('\n\n')
        .filter((paragraph) => paragraph.trim() !== '' && !/^(Questions\?|See your orders:)/.test(paragraph))
        .map((paragraph, index) => (
          // The paragraphs never move, so their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, rendered once
          <Text key={index} style={mailStyles.text}>
            <WithBreaks lines={paragraph.split('\n')} />
          </Text>
        ))}
    </>
  );
}

/** Lines of one paragraph, a line break between each. */
export function WithBreaks({ lines }: { lines: readonly string[] }) {
  return lines.map((line, at) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a mail never move; their place is their identity
    <Fragment key={at}>
      {at > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}
