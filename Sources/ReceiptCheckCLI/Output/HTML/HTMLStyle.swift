/// The page's stylesheet, for screen and A4 print. Meaning never rests on colour alone: statuses carry a word
/// and a sign, marks differ in shape, and every shape is in the legend and the facts table.
enum HTMLStyle {
    static let sheet = """
        :root{color-scheme:light;--valid:#1a7f37;--invalid:#b42318;--malformed:#9a6700;--ink:#1f2328;--muted:#59636e}
        body{font:14px/1.45 system-ui,sans-serif;color:var(--ink);margin:0;background:#fff}
        main{display:flex;flex-direction:column;gap:12px;padding:16px;max-width:1100px}
        .summary{order:-1}
        details.input{border:1px solid #d0d7de;border-radius:6px}
        details.input:not([open]){content-visibility:auto;contain-intrinsic-size:auto 40px}
        details.input>summary{cursor:pointer;padding:8px 12px;font-weight:600;list-style-position:inside}
        .banner.valid{border-left:8px solid var(--valid)}
        .banner.invalid{border-left:8px solid var(--invalid)}
        .banner.malformed,.banner.unreadable{border-left:8px double var(--malformed)}
        .verdict{display:inline-block;min-width:7em}
        .valid .verdict{color:var(--valid)}.invalid .verdict{color:var(--invalid)}.malformed .verdict,.unreadable .verdict{color:var(--malformed)}
        .why{font-weight:400;color:var(--muted)}
        .body{padding:0 12px 12px}
        h2{font-size:1.1em;margin:16px 0 6px}
        h3{font-size:1em;margin:12px 0 4px}
        table{border-collapse:collapse;margin:6px 0;font-size:13px}
        caption{text-align:left;font-weight:600;padding:2px 0}
        .scroll{overflow-x:auto;max-width:100%}
        th,td{border:1px solid #d0d7de;padding:2px 6px;text-align:left;vertical-align:top;overflow-wrap:break-word}
        th{word-break:keep-all;overflow-wrap:normal;hyphens:none}
        thead th{background:#f6f8fa}
        .purchases td,.transactions td,.renewals td,.facts td,.chain td,.inputs td,.elements td{white-space:nowrap}
        dl.fields{display:grid;grid-template-columns:max-content 1fr;gap:1px 12px;margin:6px 0}
        dl.fields dt{color:var(--muted)}dl.fields dd{margin:0;overflow-wrap:anywhere}
        .granted{color:var(--valid);font-weight:600}.denied{color:var(--invalid);font-weight:600}
        .fail{color:var(--invalid);font-weight:600}
        .grandfathering{font-weight:600}
        figure.timeline{margin:6px 0;display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
        figure.timeline .plot{overflow-x:auto;max-width:100%}
        figure.timeline svg{display:block;font:11px system-ui,sans-serif}
        figure.timeline .plot.narrow{display:none}
        @media screen and (min-width:561px) and (max-width:1020px){figure.timeline:not(.legend)::before{content:"The picture scrolls sideways; the table below lists the same.";color:var(--muted);font-size:12px;width:100%}}
        @media screen and (max-width:560px){figure.timeline .plot.wide{display:none}figure.timeline .plot.narrow{display:block;width:100%}figure.timeline .plot.narrow svg{width:100%;height:auto}figure.timeline .plot.narrow .t-count{font-size:11px}.narrow .t-label{paint-order:stroke;stroke:#fff;stroke-width:4px;stroke-linejoin:round}}
        .t-axis{stroke:#8c959f;stroke-width:1}
        .t-grid{stroke:#d8dee4;stroke-width:1}.t-break{stroke:#8c959f;stroke-width:1.5;stroke-dasharray:3 2}
        .t-label{fill:var(--ink);stroke:none}.t-tick{fill:var(--muted)}
        .m-group{fill:#fff;stroke:var(--ink);stroke-width:1.5}.t-count{font-weight:600;font-size:10px}
        .s-offered-free-trial{fill:#ddf4ff;stroke:#0969da;stroke-dasharray:4 2;stroke-width:1.5}
        .s-paid-period{fill:#0969da;stroke:#0969da}
        .s-free-trial{fill:none;stroke:#0969da;stroke-dasharray:4 2;stroke-width:1.5}
        .s-introductory-offer{fill:#9cc7f5;stroke:#0969da}
        .s-promotional-offer{fill:#fff;stroke:#8250df;stroke-dasharray:1 2;stroke-width:1.5}
        .s-offer-code{fill:#fff;stroke:#8250df;stroke-dasharray:6 2 1 2;stroke-width:1.5}
        .s-win-back-offer{fill:#d8b9ff;stroke:#8250df;stroke-dasharray:3 1}
        .s-grace-period{fill:#bf8700;stroke:#bf8700}
        .s-billing-retry{fill:none;stroke:#bf8700;stroke-dasharray:2 2;stroke-width:1.5}
        .m{stroke:var(--ink);stroke-width:1.5;fill:#fff}
        .m-refund{stroke:var(--invalid);stroke-width:2.5}
        .m-upgrade{fill:#8250df;stroke:#8250df}
        .m-trial-reminder{fill:#bf8700;stroke:#bf8700}
        .m-original{fill:var(--valid);stroke:var(--valid)}
        .decision{stroke:var(--invalid);stroke-width:1.5;stroke-dasharray:5 3}
        .decision-label{fill:var(--invalid);font-weight:600}
        .bars td.bar{width:320px}
        .fill{display:block;height:12px;background:#57606a;min-width:1px}
        .fill.valid{background:var(--valid)}.fill.invalid{background:var(--invalid)}.fill.malformed,.fill.unreadable{background:var(--malformed)}
        @media print{
        @page{size:A4;margin:10mm}
        body{font-size:7.5pt;line-height:1.25}
        main{padding:0;max-width:none;gap:0}
        details.input{border:none;break-before:page}
        details.input:first-of-type{break-before:auto}
        details.input>summary{padding:0 0 4px;list-style:none}
        .body{padding:0}
        .summary{break-after:page}
        h2{font-size:9pt;margin:6px 0 2px}h3{font-size:8pt;margin:4px 0 2px}
        table{font-size:6.5pt;margin:2px 0}th,td{padding:0 3px}td{white-space:normal!important}
        .scroll,figure.timeline .plot{overflow:visible}
        tr{break-inside:avoid}
        dl.fields{grid-template-columns:max-content 1fr max-content 1fr;margin:2px 0}
        table.facts{display:none}
        figure.timeline svg{width:100%;height:auto}
        table,figure,dl{break-inside:avoid}
        }

        """
}
