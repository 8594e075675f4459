// The frame of every view: a section named by its heading, which takes focus when the view opens.
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

/** A section headed by `title`; the heading is focusable from script (tabIndex -1) so a view change can move focus. */
export function ViewSection({ title, children }: { title: string; children: ComponentChildren }) {
  const id = useId();
  return (
    <section class="view" aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
