// Renders the SVG application icon at build time:
//   studio-render-icon ICON.svg OUT_DIR 16 32 48 ...
// writes OUT_DIR/<n>x<n>/attention-studio.png for each size, and
// OUT_DIR/attention-studio.ico holding the sizes up to 256 (the Windows
// executable's and installer's icon).
#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QtEndian>

#include <cstdio>
#include <vector>

namespace {

// An .ico file whose entries are PNG images (read by Windows Vista and
// later): a 6-byte header, a 16-byte entry a size, then the PNGs.
QByteArray icoOf(const std::vector<std::pair<int, QByteArray>>& pngs) {
  QByteArray ico;
  auto put16 = [&](quint16 v) { v = qToLittleEndian(v); ico.append(reinterpret_cast<const char*>(&v), 2); };
  auto put32 = [&](quint32 v) { v = qToLittleEndian(v); ico.append(reinterpret_cast<const char*>(&v), 4); };
  put16(0);  // reserved
  put16(1);  // type: icon
  put16(quint16(pngs.size()));
  quint32 offset = 6 + 16 * quint32(pngs.size());
  for (const auto& [size, png] : pngs) {
    ico.append(char(size >= 256 ? 0 : size));  // width (0 means 256)
    ico.append(char(size >= 256 ? 0 : size));  // height
    ico.append(char(0));                       // no palette
    ico.append(char(0));                       // reserved
    put16(1);                                  // colour planes
    put16(32);                                 // bits per pixel
    put32(quint32(png.size()));
    put32(offset);
    offset += quint32(png.size());
  }
  for (const auto& entry : pngs) ico.append(entry.second);
  return ico;
}

}  // namespace

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QGuiApplication app(argc, argv);
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s ICON.svg OUT_DIR SIZE...\n", argv[0]);
    return 2;
  }
  QSvgRenderer svg(QString::fromLocal8Bit(argv[1]));
  if (!svg.isValid()) {
    std::fprintf(stderr, "error: cannot read the SVG '%s'\n", argv[1]);
    return 1;
  }
  const QString out = QString::fromLocal8Bit(argv[2]);
  std::vector<std::pair<int, QByteArray>> ico_entries;
  for (int i = 3; i < argc; ++i) {
    const int size = QString::fromLatin1(argv[i]).toInt();
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter);
    painter.end();
    const QString dir = QString("%1/%2x%2").arg(out).arg(size);
    QDir().mkpath(dir);
    if (!image.save(dir + "/attention-studio.png")) {
      std::fprintf(stderr, "error: cannot write '%s'\n", qPrintable(dir));
      return 1;
    }
    if (size <= 256) {
      QByteArray png;
      QBuffer buffer(&png);
      buffer.open(QIODevice::WriteOnly);
      image.save(&buffer, "PNG");
      ico_entries.emplace_back(size, png);
    }
  }
  QFile ico(out + "/attention-studio.ico");
  if (!ico.open(QIODevice::WriteOnly) || ico.write(icoOf(ico_entries)) < 0 || !ico.flush()) {
    std::fprintf(stderr, "error: cannot write '%s'\n", qPrintable(ico.fileName()));
    return 1;
  }
  return 0;
}
