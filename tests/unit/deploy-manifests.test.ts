/**
 * The deployment files a teacher copies must be valid and must agree with the app: every Kubernetes manifest
 * validates against the Kubernetes schemas (kubernetes-models), and the probes, ports and grace periods in the
 * manifests, the Dockerfile and the nginx config match the routes and drain timings the app really has.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1/Ingress";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1/NetworkPolicy";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { Namespace } from "kubernetes-models/v1/Namespace";
import { PersistentVolumeClaim } from "kubernetes-models/v1/PersistentVolumeClaim";
import { Service } from "kubernetes-models/v1/Service";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DRAIN } from "@/lib/node/web/lifecycle";

const ROOT = path.resolve(import.meta.dirname, "../..");
const K8S = path.join(ROOT, "deploy/k8s");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

interface Validatable {
  validate(): void;
}
const MODELS: Record<string, new (data: never) => Validatable> = {
  Namespace,
  Deployment,
  Service,
  HorizontalPodAutoscaler,
  PodDisruptionBudget,
  NetworkPolicy,
  Ingress,
  PersistentVolumeClaim,
};

const kustomization = parse(readFileSync(path.join(K8S, "kustomization.yaml"), "utf8")) as {
  resources: string[];
  namespace: string;
};
// Parsed YAML, walked by path in the assertions below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Manifest = Record<string, any>;
const manifests = kustomization.resources.map((file) => ({
  file,
  doc: parse(readFileSync(path.join(K8S, file), "utf8")) as Manifest,
}));
const byKind = (kind: string) => manifests.find((m) => m.doc.kind === kind)!.doc;
const deployment = byKind("Deployment");
const container = deployment.spec.template.spec.containers[0];

function validate(doc: Record<string, unknown>): void {
  const Model = MODELS[doc.kind as string];
  if (!Model) throw new Error(`no schema for kind ${String(doc.kind)}`);
  new Model(doc as never).validate();
}

describe("deploy/k8s: every manifest is valid Kubernetes", () => {
  it("the kustomization lists a Deployment, Service, HPA, PodDisruptionBudget, NetworkPolicy, Ingress and the tasks store's claim", () => {
    expect(manifests.map((m) => m.doc.kind).sort()).toEqual([
      "Deployment",
      "HorizontalPodAutoscaler",
      "Ingress",
      "Namespace",
      "NetworkPolicy",
      "PersistentVolumeClaim",
      "PodDisruptionBudget",
      "Service",
    ]);
  });

  it.each(manifests.map((m) => [m.file, m.doc] as const))(
    "%s validates against the Kubernetes schema",
    (_file, doc) => {
      expect(() => validate(doc)).not.toThrow();
    },
  );

  it("the validator refuses a broken manifest (the check can fail)", () => {
    const broken = structuredClone(deployment);
    broken.spec.replicas = "three";
    expect(() => validate(broken)).toThrow(/replicas must be integer/);
    const noSelector = structuredClone(deployment);
    delete noSelector.spec.selector;
    expect(() => validate(noSelector)).toThrow(/selector/);
  });
});

describe("deploy/k8s agrees with the app", () => {
  it("the probes ask routes the app answers: readiness /api/ready, liveness and startup /api/health", () => {
    expect(container.readinessProbe.httpGet.path).toBe("/api/ready");
    expect(container.livenessProbe.httpGet.path).toBe("/api/health");
    expect(container.startupProbe.httpGet.path).toBe("/api/health");
    // The one route table the server answers from (lib/node/host/routes.ts).
    expect(read("lib/node/host/routes.ts")).toMatch(
      /\{ method: "GET", path: "\/api\/ready", handler: readyResponse, probe: true \}/,
    );
    expect(read("lib/node/host/routes.ts")).toMatch(
      /\{ method: "GET", path: "\/api\/health", handler: healthResponse, probe: true \}/,
    );
  });

  it("the port is one number everywhere: PORT, containerPort, the probes' named port, the Service and the Ingress", () => {
    const env = Object.fromEntries(
      container.env
        .filter((e: { value?: string }) => e.value !== undefined)
        .map((e: { name: string; value: string }) => [e.name, e.value]),
    );
    expect(env.PORT).toBe("3000");
    expect(container.ports).toEqual([{ name: "http", containerPort: 3000, protocol: "TCP" }]);
    expect(container.readinessProbe.httpGet.port).toBe("http");
    expect(byKind("Service").spec.ports[0].targetPort).toBe("http");
    expect(byKind("Ingress").spec.rules[0].http.paths[0].backend.service.port.name).toBe(
      byKind("Service").spec.ports[0].name,
    );
    expect(byKind("NetworkPolicy").spec.ingress[0].ports[0].port).toBe(3000);
    expect(read("Dockerfile")).toMatch(/^EXPOSE 3000$/m);
    expect(read("Dockerfile")).toMatch(/PORT=3000/);
  });

  it("the pod gets time to drain: terminationGracePeriodSeconds covers the app's grace and its wait for calls in flight", () => {
    const graceSeconds = deployment.spec.template.spec.terminationGracePeriodSeconds;
    expect(graceSeconds * 1000).toBeGreaterThanOrEqual(DRAIN.graceMs + DRAIN.timeoutMs);
    // The balancer must notice "not ready" within the grace period, or it keeps routing to a closing pod.
    const probe = container.readinessProbe;
    expect(probe.periodSeconds * probe.failureThreshold * 1000).toBeLessThanOrEqual(DRAIN.graceMs);
  });

  it("hosted mode, the token from a Secret, one trusted proxy, and a restrictive securityContext", () => {
    const env = Object.fromEntries(container.env.map((e: { name: string }) => [e.name, e]));
    expect(env.PLAYGROUND_MODE.value).toBe("hosted");
    expect(env.PLAYGROUND_TOKEN.valueFrom.secretKeyRef).toEqual({ name: "mcp-playground", key: "token" });
    expect(env.PLAYGROUND_TRUSTED_PROXIES.value).toBe("1");
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    });
    expect(deployment.spec.template.spec.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: "RuntimeDefault" },
    });
    expect(deployment.spec.replicas).toBe(3);
    expect(container.resources.requests).toBeDefined();
    expect(container.resources.limits).toBeDefined();
  });

  it("issue 26 item 4: every pod derives the task-id key from the Secret and keeps task answers on one ReadWriteMany claim", () => {
    const env = Object.fromEntries(container.env.map((e: { name: string }) => [e.name, e]));
    // The key: derived from PLAYGROUND_TOKEN, which every pod reads from the same Secret; no per-pod key overrides it.
    expect(env.PLAYGROUND_TOKEN.valueFrom.secretKeyRef).toEqual({ name: "mcp-playground", key: "token" });
    expect(env.TASKS_ID_KEY).toBeUndefined();
    // The store: TASKS_STORE_DIR lies inside a mount of a claim every replica shares (ReadWriteMany), not in /tmp.
    const storeDir: string = env.TASKS_STORE_DIR?.value;
    expect(storeDir).toMatch(/^\//);
    const mount = (container.volumeMounts as { name: string; mountPath: string }[]).find((m) =>
      storeDir.startsWith(`${m.mountPath}/`),
    );
    expect(mount, `no volume is mounted above TASKS_STORE_DIR=${storeDir}`).toBeDefined();
    // A subfolder, not the mount itself: the app makes it 0700 and refuses it if it is open to others.
    expect(storeDir).not.toBe(mount!.mountPath);
    const volume = deployment.spec.template.spec.volumes.find((v: { name: string }) => v.name === mount!.name);
    const claim = byKind("PersistentVolumeClaim");
    expect(volume.persistentVolumeClaim).toEqual({ claimName: claim.metadata.name });
    expect(claim.spec.accessModes).toEqual(["ReadWriteMany"]);
    // Kubelet must not re-chmod the store (g+rwx) on every pod start: it would then be refused as open to others.
    expect(deployment.spec.template.spec.securityContext.fsGroupChangePolicy).toBe("OnRootMismatch");
  });

  it("the NetworkPolicy denies egress to private ranges and allows DNS", () => {
    const egress = byKind("NetworkPolicy").spec.egress as {
      to: { ipBlock?: { cidr: string; except?: string[] } }[];
      ports: { port: number }[];
    }[];
    expect(egress[0].ports.map((p) => p.port)).toEqual([53, 53]);
    const v4 = egress[1].to.find((t) => t.ipBlock?.cidr === "0.0.0.0/0")!.ipBlock!;
    expect(v4.except).toEqual(
      expect.arrayContaining([
        "10.0.0.0/8",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "169.254.0.0/16",
        "127.0.0.0/8",
        "100.64.0.0/10",
      ]),
    );
    const v6 = egress[1].to.find((t) => t.ipBlock?.cidr === "::/0")!.ipBlock!;
    expect(v6.except).toEqual(expect.arrayContaining(["fc00::/7", "fe80::/10"]));
  });

  it("the Dockerfile runs hosted mode as a non-root user with a health check on /api/health", () => {
    const docker = read("Dockerfile");
    expect(docker).toMatch(/^USER node$/m);
    expect(docker).toMatch(/PLAYGROUND_MODE=hosted/);
    expect(docker).toMatch(/HEALTHCHECK[\s\S]*127\.0\.0\.1:3000\/api\/health/);
    expect(docker).toMatch(/^CMD \["node", "dist-servers\/server\.mjs", "--hosted"\]$/m);
    expect(read(".dockerignore")).toMatch(/^node_modules$/m);
  });

  it("the nginx config trusts one hop: it replaces X-Forwarded-For and never replays a call that reached an instance", () => {
    const conf = read("deploy/nginx/playground.conf");
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(conf).not.toMatch(/non_idempotent/);
    expect(conf).toMatch(/proxy_buffering off;/);
  });
});
