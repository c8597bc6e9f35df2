// Run by maven-invoker-plugin after `mvn package` of the consumer (examples/pom.xml).
def log = new File(basedir, 'build.log').text
// The README's trading example ran: the order it placed by cl_ord_id was cancelled by the same id.
assert log.contains('cancelled 1 order') : 'the consumer did not place and cancel the order'
// Every io.github.krakensdk artifact came from the freshly installed repository, none from elsewhere.
assert !(log =~ /Download(ing|ed) from .*io\/github\/krakensdk\//) : 'a Kraken artifact was downloaded instead of taken from the fresh repository'
// The BOM lists every published artifact: all that kraken-sdk and kraken-sandbox brought along.
def kraken = new File(localRepositoryPath, 'io/github/krakensdk')
def installed = kraken.list().findAll { !(it in ['kraken-sdk-parent', 'kraken-bom', 'kraken-examples']) } as Set
def bom = new File(kraken, "kraken-bom/${projectVersion}/kraken-bom-${projectVersion}.pom").text
def listed = (bom =~ /<artifactId>(kraken-[\w-]+)<\/artifactId>/).collect { it[1] } as Set
assert listed.containsAll(installed) : "kraken-bom does not list ${installed - listed}"
return true
