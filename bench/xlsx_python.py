"""Python XlsxWriter in constant_memory mode writing the orders sheet's rows (bench-analytics).

Reads the rows the benchmark dumped (tab-separated: id, São Paulo date-time, customer, phone,
instance, agent, protocol, status, value in centavos) and writes them with the same header, formats
and column kinds as the server's sheet. Prints the seconds taken and the process's peak RSS.
"""

import resource
import sys
import time
from datetime import datetime

import xlsxwriter


def main(source: str, target: str) -> None:
    started = time.perf_counter()
    workbook = xlsxwriter.Workbook(target, {"constant_memory": True})
    sheet = workbook.add_worksheet("Pedidos")
    header = workbook.add_format({"bold": True, "bg_color": "#DDE3F0", "align": "center"})
    money = workbook.add_format({"num_format": '"R$ "#,##0.00'})
    date = workbook.add_format({"num_format": "dd/mm/yyyy hh:mm"})
    names = ["Pedido", "Data", "Cliente", "Telefone", "Instância", "Atendente", "Protocolo", "Situação", "Valor"]
    widths = [10, 17, 28, 16, 18, 22, 20, 12, 14]
    for column, (name, width) in enumerate(zip(names, widths)):
        sheet.set_column(column, column, width)
        sheet.write_string(0, column, name, header)
    sheet.freeze_panes(1, 0)
    row = 0
    with open(source, encoding="utf-8") as rows:
        for line in rows:
            cells = line.rstrip("\n").split("\t")
            row += 1
            sheet.write_number(row, 0, int(cells[0]))
            sheet.write_datetime(row, 1, datetime.fromisoformat(cells[1]), date)
            for column in range(2, 8):
                if cells[column]:
                    sheet.write_string(row, column, cells[column])
            sheet.write_number(row, 8, int(cells[8]) / 100, money)
    sheet.autofilter(0, 0, row, 8)
    workbook.close()
    elapsed = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{elapsed:.1f} s, {row} rows, peak RSS {peak_mb:.0f} MB")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
