// What a server offers besides tools, in three sections (resources, resource templates, prompts),
// after who it says it is, its instructions and what it could not list (muted: context, not content).
import { useId, type ReactNode } from "react";
import type { McpCatalog } from "../contract/june-types.ts";
import { PromptItem } from "./PromptItem.tsx";
import { ResourceItem } from "./ResourceItem.tsx";

export function McpCatalogView({ catalog }: { catalog: McpCatalog }) {
  return (
    <div className="mcp-catalog">
      {(catalog.serverInfo || catalog.instructions || catalog.notes.length > 0) && (
        <div className="mcp-about muted">
          {catalog.serverInfo && (
            <p className="mcp-server-info">
              Introduces itself as <span className="mono">{catalog.serverInfo.name}</span> {catalog.serverInfo.version}
            </p>
          )}
          {catalog.instructions && (
            <div className="mcp-instructions">
              <span className="field-label">Instructions</span>
              <p>{catalog.instructions}</p>
            </div>
          )}
          {catalog.notes.length > 0 && (
            <ul className="mcp-notes" aria-label="Notes">
              {catalog.notes.map((note, i) => (
                <li key={i}>{note}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <CatalogSection title="Resources" count={catalog.resources.length} none="No resources">
        {catalog.resources.map((resource) => (
          <ResourceItem key={resource.uri} server={catalog.server} resource={resource} />
        ))}
      </CatalogSection>
      <CatalogSection title="Resource templates" count={catalog.templates.length} none="No resource templates">
        {catalog.templates.map((template) => (
          <li key={template.uriTemplate} className="mcp-item">
            <div className="mcp-item-head">
              <span className="mcp-item-name">{template.title ?? template.name}</span>
              {template.mimeType && <span className="chip">{template.mimeType}</span>}
            </div>
            <div className="mono small mcp-uri">{template.uriTemplate}</div>
            {template.description && <p className="muted mcp-description">{template.description}</p>}
          </li>
        ))}
      </CatalogSection>
      <CatalogSection title="Prompts" count={catalog.prompts.length} none="No prompts">
        {catalog.prompts.map((prompt) => (
          <PromptItem key={prompt.name} server={catalog.server} prompt={prompt} />
        ))}
      </CatalogSection>
    </div>
  );
}

function CatalogSection({ title, count, none, children }: { title: string; count: number; none: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="mcp-section" aria-labelledby={id}>
      <h3 id={id} className="mcp-section-title">
        {title} <span className="muted">({count})</span>
      </h3>
      {count === 0 ? (
        <p className="muted mcp-none">{none}</p>
      ) : (
        <ul className="mcp-list" aria-label={title}>
          {children}
        </ul>
      )}
    </section>
  );
}
