// The app's own 404, inside its layout (the nav stays): an unknown path, and
// every page that calls notFound() — an unknown run id on /runs/{id}, an
// unknown docs page.
import Link from "next/link";

export default function NotFound() {
  return (
    <section className="card not-found" data-testid="not-found">
      <h1>Not found</h1>
      <p>There is no page here — or no run with this id: it may not have been uploaded yet.</p>
      <p className="row" style={{ justifyContent: "center" }}>
        <Link className="btn primary" href="/runs">
          All runs
        </Link>
        <Link className="btn" href="/upload">
          Upload
        </Link>
        <Link className="btn" href="/docs">
          Docs
        </Link>
      </p>
    </section>
  );
}
