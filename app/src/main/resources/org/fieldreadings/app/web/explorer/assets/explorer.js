// The readings explorer: asks the public API (with the key the user pastes) for the devices, one device's connectors
// and interfaces, and its readings for a period, then draws one Chart.js chart per unit: lines, and bars from zero
// for the interfaces whose buckets are sums (rain, sunshine, water).
"use strict";
(function () {
  const KEY_STORAGE = "fieldReadings.apiKey";
  const DAY_MS = 24 * 60 * 60 * 1000;
  const COLOURS = ["#1f6fb2", "#c0392b", "#2e8b57", "#d68910", "#7d3c98", "#17a2b8", "#8e5a2b", "#d63384"];
  /** Tick spacings of the time axis: the first giving at most about ten ticks is used. */
  const TICK_STEPS = [DAY_MS / 24, 3 * DAY_MS / 24, 6 * DAY_MS / 24, DAY_MS / 2, DAY_MS, 7 * DAY_MS, 30 * DAY_MS,
    365 * DAY_MS];

  /** What a device is first shown with: the first of these its connectors have (a prefix names a depth family). */
  const PREFERRED = ["AirTemp", "Precipitation", "SMmm", "SoilTemp", "Flowmeter", "WaterEntrance", "FlowmeterTotal",
    "SMraw", "AirHum", "WindSpeed", "SolarIrradiance", "Pressure", "Bat"];

  const $ = (id) => document.getElementById(id);
  let devices = [];
  let connectors = [];
  let charts = [];

  /** A failed API call, carrying the problem+json title and detail for the user. */
  class ApiError extends Error {}

  function apiKey() {
    return sessionStorage.getItem(KEY_STORAGE);
  }

  async function call(path, accept) {
    let response;
    try {
      response = await fetch("api" + path, {
        headers: { Authorization: "ApiKey " + apiKey(), Accept: accept || "application/json" }
      });
    } catch (e) {
      throw new ApiError("The service cannot be reached: " + e.message);
    }
    if (!response.ok) {
      throw new ApiError(await problemText(response));
    }
    return response;
  }

  async function problemText(response) {
    try {
      const problem = await response.json();
      return [problem.title, problem.detail].filter(Boolean).join(": ") || "HTTP " + response.status;
    } catch (e) {
      return "HTTP " + response.status + " " + response.statusText;
    }
  }

  function showError(message) {
    $("error").textContent = message;
    $("error").hidden = false;
  }

  function clearMessages() {
    $("error").hidden = true;
    $("error").textContent = "";
    $("status").textContent = "";
  }

  /** Runs an action with the forms' buttons disabled, showing its failure (if any) instead of throwing. */
  async function busy(action) {
    const buttons = document.querySelectorAll("button");
    buttons.forEach((b) => { b.disabled = true; });
    clearMessages();
    try {
      await action();
    } catch (e) {
      showError(e instanceof ApiError ? e.message : "Unexpected error: " + e.message);
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
    }
  }

  function option(value, text) {
    const element = document.createElement("option");
    element.value = value;
    element.textContent = text;
    return element;
  }

  // --- key and devices ---

  async function loadDevices() {
    devices = await (await call("/devices/serials")).json();
    $("device").replaceChildren(...devices.map((d, i) =>
      option(i, d.profile + " / " + d.serial + (d.group ? " (" + d.group + ")" : ""))));
    $("query-form").hidden = devices.length === 0;
    if (devices.length === 0) {
      $("status").textContent = "No devices are associated with this key.";
      return;
    }
    await loadDevice();
  }

  function selectedDevice() {
    return devices[Number($("device").value)];
  }

  /** Loads the chosen device, starts on its most useful series and draws it at once. */
  async function loadDevice() {
    const device = selectedDevice();
    const path = "/devices/" + encodeURIComponent(device.profile) + "/" + encodeURIComponent(device.serial);
    connectors = (await (await call(path)).json()).connectors;
    $("connector").replaceChildren(...connectors.map((c, i) => option(i, c.connectorId)));
    if (connectors.length === 0) {
      destroyCharts();
      $("interface-list").replaceChildren();
      $("status").textContent = "This device has no readings yet.";
      return;
    }
    const best = mostUseful();
    $("connector").value = String(best.connector);
    showInterfaces(best.name);
    await showReadings();
  }

  /** The rank of an interface in PREFERRED (lower is more useful), PREFERRED.length when not there. */
  function rank(name) {
    const index = PREFERRED.findIndex((preferred) => name === preferred
      || (name.startsWith(preferred) && /^[0-9]+$/.test(name.slice(preferred.length))));
    return index < 0 ? PREFERRED.length : index;
  }

  function mostUseful() {
    let best = { connector: 0, name: connectors[0].interfaces[0], rank: PREFERRED.length + 1 };
    connectors.forEach((connector, index) => connector.interfaces.forEach((name) => {
      if (rank(name) < best.rank) {
        best = { connector: index, name, rank: rank(name) };
      }
    }));
    return best;
  }

  /** The checkboxes of the chosen connector's interfaces, with `checked` ticked (else the first). */
  function showInterfaces(checked) {
    const connector = connectors[Number($("connector").value)];
    const names = connector ? connector.interfaces : [];
    const ticked = names.includes(checked) ? checked : names[0];
    $("interface-list").replaceChildren(...names.map((name) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = name;
      box.checked = name === ticked;
      label.append(box, " " + name + " (" + unitOf(name) + ")");
      return label;
    }));
  }

  function unitOf(name) {
    return INTERFACES[name] ? INTERFACES[name].unit : "?";
  }

  function isSum(name) {
    return Boolean(INTERFACES[name]) && INTERFACES[name].aggregation === "SUM";
  }

  // --- period ---

  function isoDay(ms) {
    return new Date(ms).toISOString().slice(0, 10);
  }

  /** The last `days` UTC days, today included. */
  function setPeriod(days) {
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    $("start").value = isoDay(today - (days - 1) * DAY_MS);
    $("end").value = isoDay(today);
  }

  // --- readings ---

  function chosenInterfaces() {
    return Array.from($("interface-list").querySelectorAll("input:checked"), (box) => box.value);
  }

  /** The readings request of the form; both days are whole UTC days, as the API's period is inclusive. */
  function readingsPath() {
    const device = selectedDevice();
    const params = new URLSearchParams();
    params.set("connectorId", connectors[Number($("connector").value)].connectorId);
    chosenInterfaces().forEach((name) => params.append("interfaces", name));
    params.set("startDate", $("start").value + "T00:00:00Z");
    params.set("endDate", $("end").value + "T23:59:59Z");
    params.set("aggregation", $("aggregation").value);
    return "/devices/" + encodeURIComponent(device.profile) + "/" + encodeURIComponent(device.serial)
      + "/readings?" + params;
  }

  function checkForm() {
    if (!connectors.length) {
      throw new ApiError("This device has no connector with readings.");
    }
    if (!chosenInterfaces().length) {
      throw new ApiError("Choose at least one interface.");
    }
    if (!$("start").value || !$("end").value) {
      throw new ApiError("Choose the first and the last day of the period.");
    }
  }

  /** Draws the form's readings; on any failure the old charts go, so what is shown always matches the form. */
  async function showReadings() {
    let response;
    let readings;
    try {
      checkForm();
      response = await call(readingsPath());
      readings = await response.json();
    } catch (e) {
      destroyCharts();
      throw e;
    }
    const chosen = response.headers.get("X-Aggregation");
    const aggregation = chosen ? chosen + " (auto)" : $("aggregation").value;
    drawCharts(readings, chosenInterfaces());
    $("status").textContent = readings.length
      ? readings.length + " readings, aggregation " + aggregation + "."
      : "No readings in this period.";
  }

  async function downloadCsv() {
    checkForm();
    const blob = await (await call(readingsPath(), "text/csv")).blob();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = selectedDevice().serial + "_" + $("start").value + "_" + $("end").value + ".csv";
    document.body.append(link);
    link.click();
    link.remove();
    // The download starts after this task: give it time before releasing the blob.
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    $("status").textContent = "Downloaded " + link.download + ".";
  }

  // --- charts ---

  function formatTime(ms, withTime) {
    const iso = new Date(ms).toISOString();
    return withTime ? iso.slice(0, 16).replace("T", " ") : iso.slice(0, 10);
  }

  function tickStep(readings) {
    const span = readings[readings.length - 1].timestamp - readings[0].timestamp;
    return TICK_STEPS.find((step) => span / step <= 10) || TICK_STEPS[TICK_STEPS.length - 1];
  }

  function destroyCharts() {
    charts.forEach((chart) => chart.destroy());
    charts = [];
    $("charts").replaceChildren();
  }

  /** One chart per unit, one line per interface; an interface without a value at a moment has no point there. */
  function drawCharts(readings, names) {
    destroyCharts();
    if (!readings.length) {
      return;
    }
    const byUnit = new Map();
    names.forEach((name) => {
      const unit = unitOf(name);
      byUnit.set(unit, (byUnit.get(unit) || []).concat(name));
    });
    const step = tickStep(readings);
    const span = { min: readings[0].timestamp, max: readings[readings.length - 1].timestamp };
    byUnit.forEach((unitNames, unit) => {
      const datasets = unitNames.map((name) => ({
        type: isSum(name) ? "bar" : "line",
        label: name,
        data: readings.filter((r) => name in r).map((r) => ({ x: r.timestamp, y: r[name] })),
        borderColor: COLOURS[names.indexOf(name) % COLOURS.length],
        backgroundColor: COLOURS[names.indexOf(name) % COLOURS.length]
      }));
      charts.push(drawChart(unit, datasets, step, span));
    });
  }

  /** A chart whose x-axis spans exactly the readings; bars (sums) stand on zero. */
  function drawChart(unit, datasets, step, span) {
    const figure = document.createElement("figure");
    const caption = document.createElement("figcaption");
    const heading = document.createElement("h2");
    heading.textContent = datasets.map((d) => d.label).join(", ") + " (" + unit + ")";
    caption.append(heading);
    const holder = document.createElement("div");
    holder.className = "chart";
    const canvas = document.createElement("canvas");
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", datasets.map((d) => d.label + ": " + d.data.length + " points").join("; ")
      + ", in " + unit);
    holder.append(canvas);
    figure.append(caption, holder);
    $("charts").append(figure);
    const points = Math.max(...datasets.map((d) => d.data.length));
    const bars = datasets.some((d) => d.type === "bar");
    return new Chart(canvas, {
      type: "line",
      data: { datasets },
      options: {
        animation: false,
        parsing: false,
        normalized: true,
        maintainAspectRatio: false,
        interaction: { mode: "nearest", axis: "x", intersect: false },
        elements: { point: { radius: points > 100 ? 0 : 2 }, line: { borderWidth: 1.5 } },
        scales: {
          x: {
            type: "linear",
            min: span.min,
            max: span.max,
            offset: bars,
            // Ticks on whole steps (midnights for days) inside the data's span, not spread evenly across it.
            afterBuildTicks: (axis) => {
              axis.ticks = [];
              for (let value = Math.ceil(axis.min / step) * step; value <= axis.max; value += step) {
                axis.ticks.push({ value });
              }
            },
            ticks: { maxRotation: 0, callback: (value) => formatTime(value, step < DAY_MS) }
          },
          y: { beginAtZero: bars, title: { display: true, text: unit } }
        },
        plugins: {
          legend: { position: "bottom" },
          tooltip: { callbacks: { title: (items) => formatTime(items[0].parsed.x, true) + " UTC" } }
        }
      }
    });
  }

  // --- wiring ---

  $("key-form").addEventListener("submit", (event) => {
    event.preventDefault();
    sessionStorage.setItem(KEY_STORAGE, $("api-key").value.trim());
    busy(loadDevices);
  });
  $("forget-key").addEventListener("click", () => {
    sessionStorage.removeItem(KEY_STORAGE);
    $("api-key").value = "";
    $("query-form").hidden = true;
    destroyCharts();
    clearMessages();
  });
  $("device").addEventListener("change", () => busy(loadDevice));
  $("connector").addEventListener("change", () => showInterfaces());
  document.querySelectorAll("button[data-days]").forEach((button) =>
    button.addEventListener("click", () => setPeriod(Number(button.dataset.days))));
  $("query-form").addEventListener("submit", (event) => {
    event.preventDefault();
    busy(showReadings);
  });
  $("download").addEventListener("click", () => busy(downloadCsv));

  setPeriod(7);
  if (apiKey()) {
    $("api-key").value = apiKey();
    busy(loadDevices);
  }
})();
