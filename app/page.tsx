import RunsPage from "./runs/page";

export const dynamic = "force-dynamic";
export default RunsPage;
