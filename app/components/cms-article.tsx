import type { CmsPage } from '#server/modules/site/site.contract.ts'

/** A CMS page's blocks as text; content is never injected as HTML. */
export function CmsArticle({ page }: { page: CmsPage }) {
  return (
    <article className="flex flex-col gap-4" data-testid="cms-page">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{page.title}</h1>
      {page.blocks.map((block, index) =>
        block.type === 'heading' ? (
          <h2 key={index} className="mt-4 text-lg font-semibold text-ink">
            {block.text}
          </h2>
        ) : (
          <p key={index} className="leading-relaxed text-ink-muted">
            {block.text}
          </p>
        ),
      )}
    </article>
  )
}
